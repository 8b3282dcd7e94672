/**
 * Prints an ADMIN_PASSWORD_HASH for a password.
 *
 *   npm run hash-password                 (asks twice, without echo)
 *   printf '%s' "$PASSWORD" | npm run --silent hash-password   (reads stdin, for scripts)
 *
 * The password never appears in the shell history or the process list.
 */
import { stdin, stdout, stderr } from 'node:process';
import * as v from 'valibot';
import { hashPassword } from '../functions/_lib/password.ts';
import { LoginSchema } from '../src/lib/schemas/index.ts';

const MIN_LENGTH = 12;

async function readAll(): Promise<string> {
  let text = '';
  stdin.setEncoding('utf8');
  for await (const chunk of stdin) text += chunk as string;
  // A trailing newline from `echo` is not part of the password.
  return text.replace(/\r?\n$/, '');
}

/** Reads one line from the terminal without echoing it. */
function ask(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Raw mode before the prompt, so nothing typed after it is ever echoed.
    stdin.setRawMode(true);
    stderr.write(prompt);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (result: string | Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done(value);
        if (char === '\u0003') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<void> {
  let password: string;
  if (stdin.isTTY) {
    password = await ask('Admin password: ');
    if ((await ask('Again: ')) !== password) throw new Error('The two entries differ.');
  } else {
    password = await readAll();
  }
  if (password.length < MIN_LENGTH) throw new Error(`Use at least ${MIN_LENGTH} characters.`);
  // The login form's own rule (length, control characters): never a hash no login can match.
  const refusal = v.safeParse(LoginSchema.entries.password, password).issues?.[0];
  if (refusal) throw new Error(`The login form would refuse it: ${refusal.message}`);
  stdout.write(`${await hashPassword(password)}\n`);
  if (stdout.isTTY)
    stderr.write(
      'Set it as ADMIN_PASSWORD_HASH (Netlify: Site configuration → Environment variables).\n',
    );
}

main().catch((error: unknown) => {
  stderr.write(`hash-password: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
