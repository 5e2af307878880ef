/** The command line's municipal elections and their candidates (`communes:*`, `candidates:*`), over the admin API. */
import type { Command } from 'commander';
import { adminEndpoints } from '../../shared/api/admin.js';
import { ADMIN_CLI_MESSAGES, ADMIN_CLI_THINGS, COMMUNE_CLI_MESSAGES, communeCliText } from '../../shared/messages.js';
import { municipalTitle, type Candidate, type Commune } from '../../shared/municipal.js';
import { bodyFor, compact, request, show, list, deleted, usage, type Action } from './admin-kit.js';
import { yesOrNo } from './admin-options.js';

function communeTitle(options: { title?: string; name?: string }): string | undefined {
  if (options.title !== undefined && options.name !== undefined) throw usage(COMMUNE_CLI_MESSAGES.titleOrName);
  return options.name !== undefined ? municipalTitle(options.name.trim()) : options.title;
}

function describeCommune(commune: Commune): string {
  const head = `${commune.id}${commune.trending ? COMMUNE_CLI_MESSAGES.trendingFlag : ''}  ${commune.title} · ${communeCliText.votes(commune.totalVotes)}`;
  const top = commune.candidates.map((candidate) => `    ${candidate.id}  ${candidate.name} (${candidate.votes})`);
  return [head, ...top].join('\n');
}

function describeCandidate(candidate: Candidate): string {
  return `${candidate.id}  ${candidate.name} ${communeCliText.candidateVotes(candidate.votes)}`;
}

export function registerCommuneCommands(program: Command, action: Action): void {
  // ---- municipal elections ----

  program
    .command('communes:list')
    .description(COMMUNE_CLI_MESSAGES.list)
    .action(
      action(async (context) => {
        const communes = await request(context, 'listCommunes');
        list(context, communes, describeCommune, ADMIN_CLI_THINGS.elections);
      }),
    );

  program
    .command('communes:create')
    .description(COMMUNE_CLI_MESSAGES.create)
    .option('--title <titre>')
    .option('--name <commune>')
    .option('--trending', ADMIN_CLI_MESSAGES.trending)
    .option('--id <id>')
    .action(
      action(async (context, options: { title?: string; name?: string; trending?: true; id?: string }) => {
        const title = communeTitle(options);
        if (title === undefined) throw usage(COMMUNE_CLI_MESSAGES.titleOrNameMissing);
        const body = bodyFor(adminEndpoints.createCommune.body, compact({ id: options.id, title, trending: options.trending }));
        const commune = await request(context, 'createCommune', { body });
        show(context, commune, describeCommune, COMMUNE_CLI_MESSAGES.created);
      }),
    );

  program
    .command('communes:update')
    .description(COMMUNE_CLI_MESSAGES.update)
    .argument('<id>')
    .option('--title <titre>')
    .option('--name <commune>')
    .option('--trending <true|false>', ADMIN_CLI_MESSAGES.trending, yesOrNo('trending'))
    .action(
      action(async (context, id: string, options: { title?: string; name?: string; trending?: boolean }) => {
        const body = bodyFor(
          adminEndpoints.updateCommune.body,
          compact({ title: communeTitle(options), trending: options.trending }),
        );
        if (Object.keys(body).length === 0) throw usage(COMMUNE_CLI_MESSAGES.nothingToUpdate);
        const commune = await request(context, 'updateCommune', { params: { id }, body });
        show(context, commune, describeCommune, COMMUNE_CLI_MESSAGES.updated);
      }),
    );

  program
    .command('communes:delete')
    .description(COMMUNE_CLI_MESSAGES.delete)
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        await request(context, 'deleteCommune', { params: { id } });
        deleted(context, id, ADMIN_CLI_THINGS.election);
      }),
    );

  program
    .command('candidates:list')
    .description(COMMUNE_CLI_MESSAGES.candidatesList)
    .argument('<communeId>')
    .action(
      action(async (context, communeId: string) => {
        const candidates = await request(context, 'listCandidates', { params: { id: communeId } });
        list(context, candidates, describeCandidate, ADMIN_CLI_THINGS.candidates);
      }),
    );

  program
    .command('candidates:add')
    .description(COMMUNE_CLI_MESSAGES.candidatesAdd)
    .argument('<communeId>')
    .requiredOption('--name <nom>')
    .option('--id <id>')
    .action(
      action(async (context, communeId: string, options: { name: string; id?: string }) => {
        const body = bodyFor(adminEndpoints.addCandidate.body, compact(options));
        const candidate = await request(context, 'addCandidate', { params: { id: communeId }, body });
        show(context, candidate, describeCandidate, COMMUNE_CLI_MESSAGES.candidateAdded);
      }),
    );

  program
    .command('candidates:rename')
    .description(COMMUNE_CLI_MESSAGES.candidatesRename)
    .argument('<communeId>')
    .argument('<candidateId>')
    .requiredOption('--name <nom>')
    .action(
      action(async (context, communeId: string, candidateId: string, options: { name: string }) => {
        const body = bodyFor(adminEndpoints.renameCandidate.body, options);
        const candidate = await request(context, 'renameCandidate', { params: { id: communeId, candidateId }, body });
        show(context, candidate, describeCandidate, COMMUNE_CLI_MESSAGES.candidateRenamed);
      }),
    );

  program
    .command('candidates:delete')
    .description(COMMUNE_CLI_MESSAGES.candidatesDelete)
    .argument('<communeId>')
    .argument('<candidateId>')
    .action(
      action(async (context, communeId: string, candidateId: string) => {
        await request(context, 'deleteCandidate', { params: { id: communeId, candidateId } });
        deleted(context, candidateId, ADMIN_CLI_THINGS.candidate);
      }),
    );
}
