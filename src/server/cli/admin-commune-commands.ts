/** The command line's municipal elections and their candidates (`communes:*`, `candidates:*`), over the admin API. */
import type { Command } from 'commander';
import { adminEndpoints } from '../../shared/api/admin.js';
import { municipalTitle, type Candidate, type Commune } from '../../shared/municipal.js';
import { bodyFor, compact, request, show, list, deleted, usage, type Action } from './admin-kit.js';
import { yesOrNo } from './admin-options.js';

function communeTitle(options: { title?: string; name?: string }): string | undefined {
  if (options.title !== undefined && options.name !== undefined) throw usage('Donner --title ou --name, pas les deux');
  return options.name !== undefined ? municipalTitle(options.name.trim()) : options.title;
}

function describeCommune(commune: Commune): string {
  const head = `${commune.id}${commune.trending ? '  [tendance]' : ''}  ${commune.title} · ${commune.totalVotes} vote(s)`;
  const top = commune.candidates.map((candidate) => `    ${candidate.id}  ${candidate.name} (${candidate.votes})`);
  return [head, ...top].join('\n');
}

function describeCandidate(candidate: Candidate): string {
  return `${candidate.id}  ${candidate.name} (${candidate.votes} vote(s))`;
}

export function registerCommuneCommands(program: Command, action: Action): void {
  // ---- municipal elections ----

  program
    .command('communes:list')
    .description('les élections municipales')
    .action(
      action(async (context) => {
        const communes = await request(context, 'listCommunes');
        list(context, communes, describeCommune, 'élection(s)');
      }),
    );

  program
    .command('communes:create')
    .description('crée une élection (--title "Élection Municipale Saint-Denis 2026" ou --name Saint-Denis)')
    .option('--title <titre>')
    .option('--name <commune>')
    .option('--trending', 'mise en avant')
    .option('--id <id>')
    .action(
      action(async (context, options: { title?: string; name?: string; trending?: true; id?: string }) => {
        const title = communeTitle(options);
        if (title === undefined) throw usage('Option obligatoire manquante : --title ou --name');
        const body = bodyFor(adminEndpoints.createCommune.body, compact({ id: options.id, title, trending: options.trending }));
        const commune = await request(context, 'createCommune', { body });
        show(context, commune, describeCommune, 'Élection créée :');
      }),
    );

  program
    .command('communes:update')
    .description('modifie une élection')
    .argument('<id>')
    .option('--title <titre>')
    .option('--name <commune>')
    .option('--trending <true|false>', 'mise en avant', yesOrNo('trending'))
    .action(
      action(async (context, id: string, options: { title?: string; name?: string; trending?: boolean }) => {
        const body = bodyFor(
          adminEndpoints.updateCommune.body,
          compact({ title: communeTitle(options), trending: options.trending }),
        );
        if (Object.keys(body).length === 0) throw usage('Rien à modifier : donnez --title, --name ou --trending');
        const commune = await request(context, 'updateCommune', { params: { id }, body });
        show(context, commune, describeCommune, 'Élection modifiée :');
      }),
    );

  program
    .command('communes:delete')
    .description('supprime une élection, ses candidats et ses votes')
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        await request(context, 'deleteCommune', { params: { id } });
        deleted(context, id, 'Élection');
      }),
    );

  program
    .command('candidates:list')
    .description('les candidats d’une élection')
    .argument('<communeId>')
    .action(
      action(async (context, communeId: string) => {
        const candidates = await request(context, 'listCandidates', { params: { id: communeId } });
        list(context, candidates, describeCandidate, 'candidat(s)');
      }),
    );

  program
    .command('candidates:add')
    .description('ajoute un candidat')
    .argument('<communeId>')
    .requiredOption('--name <nom>')
    .option('--id <id>')
    .action(
      action(async (context, communeId: string, options: { name: string; id?: string }) => {
        const body = bodyFor(adminEndpoints.addCandidate.body, compact(options));
        const candidate = await request(context, 'addCandidate', { params: { id: communeId }, body });
        show(context, candidate, describeCandidate, 'Candidat ajouté :');
      }),
    );

  program
    .command('candidates:rename')
    .description('renomme un candidat')
    .argument('<communeId>')
    .argument('<candidateId>')
    .requiredOption('--name <nom>')
    .action(
      action(async (context, communeId: string, candidateId: string, options: { name: string }) => {
        const body = bodyFor(adminEndpoints.renameCandidate.body, options);
        const candidate = await request(context, 'renameCandidate', { params: { id: communeId, candidateId }, body });
        show(context, candidate, describeCandidate, 'Candidat renommé :');
      }),
    );

  program
    .command('candidates:delete')
    .description('supprime un candidat et ses votes')
    .argument('<communeId>')
    .argument('<candidateId>')
    .action(
      action(async (context, communeId: string, candidateId: string) => {
        await request(context, 'deleteCandidate', { params: { id: communeId, candidateId } });
        deleted(context, candidateId, 'Candidat');
      }),
    );
}
