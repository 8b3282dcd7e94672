/** The GitHub workflow runs what the README and .ci/run promise, on every pull request. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
}

interface Workflow {
  on: { pull_request?: unknown; push?: { branches?: string[] } };
  jobs: Record<string, { steps: Step[] }>;
}

const workflow = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const runs = steps.map((step) => step.run?.trim() ?? '');
const indexOfRun = (command: string) => runs.findIndex((run) => run === command);

describe('.github/workflows/ci.yml', () => {
  it('runs on every pull request and on pushes to main', () => {
    expect(workflow.on).toHaveProperty('pull_request');
    expect(workflow.on.push?.branches).toContain('main');
  });

  it('installs with npm ci, then runs npm run check and npm test, in that order', () => {
    const install = indexOfRun('npm ci');
    const check = indexOfRun('npm run check');
    const test = indexOfRun('npm test');
    expect(install).toBeGreaterThanOrEqual(0);
    expect(check).toBeGreaterThan(install);
    expect(test).toBeGreaterThan(check);
  });

  it('runs the same test command as .ci/run and the README', () => {
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm test$/m);
    expect(readFileSync('README.md', 'utf8')).toContain('npm install && npm test');
  });

  it('uses Node 22 from .nvmrc with the npm cache', () => {
    const setup = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setup?.with?.['node-version-file']).toBe('.nvmrc');
    expect(readFileSync('.nvmrc', 'utf8').trim()).toBe('22');
    expect(setup?.with?.['cache']).toBe('npm');
  });

  it('provides the Chromium the browser tests look for, before they run', () => {
    const chromium = runs.findIndex((run) => run.includes('/usr/bin/chromium'));
    expect(readFileSync('playwright.config.ts', 'utf8')).toContain("'/usr/bin/chromium'");
    expect(chromium).toBeGreaterThanOrEqual(0);
    expect(chromium).toBeLessThan(indexOfRun('npm test'));
  });

  it('uploads the Playwright report and traces when a step fails', () => {
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.if).toBe('failure()');
    expect(upload?.with?.['path']).toContain('playwright-report/');
    expect(upload?.with?.['path']).toContain('test-results/');
  });
});
