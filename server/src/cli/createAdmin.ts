import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/loadConfig.js';
import { acquireDataDirLock } from '../dataDir/acquireDataDirLock.js';
import { openDatabase } from '../db/openDatabase.js';
import { runMigrations } from '../db/runMigrations.js';
import {
  createAdministrator,
  CreateAdministratorError,
  validateNewAdministrator,
  type NewAdministrator,
} from '../features/admin/createAdministrator.js';

const USAGE =
  'Usage: node dist/cli/createAdmin.js --username NAME --name "Full Name" --email ADDRESS [--group "Group name"]\n' +
  'The password comes from the ADMIN_PASSWORD environment variable, or is asked for on the terminal.';

/** Reads one line from stdin; on a terminal the typed characters are not echoed. */
async function promptPassword(question: string): Promise<string> {
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY === true,
  });
  if (process.stdin.isTTY) {
    // Echo nothing of what is typed after the question.
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text: string) => {
      if (text.includes(question)) process.stdout.write(text);
    };
  }
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      if (process.stdin.isTTY) process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        username: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        group: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.info(USAGE);
    return 0;
  }
  if (!values.username || !values.name || !values.email) {
    console.error(USAGE);
    return 2;
  }
  const password =
    process.env.ADMIN_PASSWORD ?? (await promptPassword('Password for the new administrator: '));

  const input: NewAdministrator = {
    username: values.username,
    name: values.name,
    email: values.email,
    password,
    groupName: values.group ?? 'Administrators',
  };
  try {
    validateNewAdministrator(input);
  } catch (error) {
    if (error instanceof CreateAdministratorError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  const config = loadConfig();
  // A running server holds the data directory; the embedded database must not be opened twice.
  const lock = acquireDataDirLock(config.dataDir);
  const db = await openDatabase(config).catch((error: unknown) => {
    lock.release();
    throw error;
  });
  try {
    await runMigrations(db);
    const { userId } = await createAdministrator(db, input);
    console.info(
      `Administrator ${values.username} created (user id ${userId}). Two-factor set-up starts at the first sign-in.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CreateAdministratorError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
    lock.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
