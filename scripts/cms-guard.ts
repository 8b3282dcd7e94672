/**
 * The `cms-guard` check of the editors' pull requests (.github/workflows/cms-guard.yml): fails
 * when merging the pull request would undo a change that reached the base branch after the
 * editor's draft was saved, naming each such file and the commit. The rule is the CMS's own
 * (`staleDraft`, src/integrations/cms/saving.js), which the editor also meets before saving and
 * publishing; this check holds where the editor is bypassed (a merge on GitHub). Made a required
 * check of `main` (README, "Editing in the browser"), it stops the merge; with "Do not allow
 * bypassing", it also stops Decap's fallback of writing a refused merge's files straight onto
 * `main`.
 *
 *   npx node scripts/cms-guard.ts <base ref> <head ref>   (e.g. origin/main HEAD)
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { staleDraft, type Repo } from '../src/integrations/cms/saving.js';

const run = (dir: string, args: readonly string[]) =>
  execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A local git repository as the CMS's checks read one. */
export function gitRepo(dir: string): Repo {
  return {
    blob: async (ref, path) => {
      try {
        return run(dir, ['rev-parse', '--verify', '--quiet', `${ref}:${path}`]).trim() || null;
      } catch {
        return null;
      }
    },
    mergeBase: async (base, head) => run(dir, ['merge-base', base, head]).trim(),
    lastChange: async (ref, path) =>
      run(dir, ['log', '-1', '--format=%h, %an: %s', ref, '--', path]).trim() ||
      'in a commit not found',
  };
}

/** Why merging `head` into `base` would undo changes made on `base`: one line per file. */
export async function guard(dir: string, base: string, head: string): Promise<string[]> {
  const repo = gitRepo(dir);
  const from = await repo.mergeBase(base, head);
  const files = run(dir, ['diff', '--name-only', '--no-renames', from, head])
    .split('\n')
    .filter(Boolean);
  const found = await Promise.all(
    files.map((path) => staleDraft(repo, { path, branch: base, draftBranch: head })),
  );
  return found.filter((message): message is string => message !== undefined);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [base = 'origin/main', head = 'HEAD'] = process.argv.slice(2);
  const problems = await guard(process.cwd(), base, head);
  for (const problem of problems) console.error(`::error::${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`cms-guard: merging ${head} into ${base} undoes no change made on ${base}.`);
}
