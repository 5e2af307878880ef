/**
 * Administration command line: talks to the HTTP admin API of a running server, so every change is
 * pushed at once to the people following the site live. Commands and help come from `commander`; the
 * bodies are checked by the same schemas the server validates with (src/shared/api/admin.ts), so a
 * mistake is told before anything is sent, in the server's own words.
 *
 *   ADMIN_TOKEN=… npm run admin -- <command> [options]
 *   npm run admin -- help [command]
 */
import { Command, CommanderError } from 'commander';
import { CATEGORY_IDS } from '../../shared/categories.js';
import { ADMIN_CLI_MESSAGES, adminAfterHelp, adminCliText } from '../../shared/messages.js';
import { loadDotEnvFile } from '../dotenv.js';
import { actionWith, CliError, SEE_HELP, type Print } from './admin-kit.js';
import { registerCommuneCommands } from './admin-commune-commands.js';
import { registerMarketCommands } from './admin-market-commands.js';
import { NEWS_HELP, registerNewsCommands } from './admin-news-commands.js';

const AFTER_HELP = adminAfterHelp(CATEGORY_IDS, NEWS_HELP);

/** Commander's help headings, in French; the subcommands inherit the setting. */
const HELP_TITLES = ADMIN_CLI_MESSAGES.helpTitles;

/** The program; each action gets the context built from the global options and the environment. */
function buildProgram(env: NodeJS.ProcessEnv, out: Print, err: Print): Command {
  const program = new Command('npm run admin --')
    .description(ADMIN_CLI_MESSAGES.programDescription)
    .option('--url <url>', ADMIN_CLI_MESSAGES.urlOption)
    .option('--json', ADMIN_CLI_MESSAGES.jsonOption)
    .helpOption('-h, --help', ADMIN_CLI_MESSAGES.helpOption)
    .helpCommand('help [commande]', ADMIN_CLI_MESSAGES.helpCommand)
    .addHelpText('after', AFTER_HELP)
    .configureHelp({ styleTitle: (title) => HELP_TITLES[title] ?? title })
    .showSuggestionAfterError(false)
    .exitOverride()
    .configureOutput({ writeOut: (text) => out(text.trimEnd()), writeErr: (text) => err(text.trimEnd()) });
  const action = actionWith(env, out);
  registerMarketCommands(program, action);
  registerCommuneCommands(program, action);
  registerNewsCommands(program, action);

  return program;
}

/** Commander's own refusals of a command line, in French. */
function frenchUsage(error: CommanderError, argv: string[]): string {
  switch (error.code) {
    case 'commander.unknownCommand':
      return adminCliText.unknownCommand(argv[0] ?? '');
    case 'commander.missingMandatoryOptionValue':
      return adminCliText.missingOption(/'(--[\w-]+)/.exec(error.message)?.[1] ?? '');
    case 'commander.invalidArgument':
      // The text of the InvalidArgumentError thrown by the option's parser, after commander's preamble.
      return error.message.replace(/^error: .*? is invalid\. /, '');
    case 'commander.unknownOption':
      return adminCliText.unknownOption(/'([^']+)'/.exec(error.message)?.[1] ?? '');
    case 'commander.missingArgument':
      return adminCliText.missingArgument(/'([^']+)'/.exec(error.message)?.[1] ?? '');
    case 'commander.excessArguments':
      return ADMIN_CLI_MESSAGES.excessArguments;
    default:
      return error.message.replace(/^error: /, '');
  }
}

/** Runs one command line; returns the exit code. Output goes through the given writers (tests pass their own). */
export async function runAdminCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: Print = (line) => process.stdout.write(`${line}\n`),
  err: Print = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  // Commander's own error lines are English: silenced, the French text below is written instead.
  const program = buildProgram(env, out, () => undefined);
  try {
    if (argv.length === 0) {
      out(program.helpInformation().trimEnd());
      return 2;
    }
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help asked for: written by commander already.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version')
        return 0;
      err(`${frenchUsage(error, argv)}\n${SEE_HELP}`);
      return 2;
    }
    if (error instanceof CliError) {
      err(error.message);
      return error.exitCode;
    }
    err(adminCliText.unexpected(error instanceof Error ? error.message : String(error)));
    return 1;
  }
}

const invokedDirectly = process.argv[1] !== undefined && /admin\.(ts|js|mjs)$/.test(process.argv[1]);
if (invokedDirectly) {
  // ADMIN_TOKEN and PORT may come from .env, as for the server.
  loadDotEnvFile();
  runAdminCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
