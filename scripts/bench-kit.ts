/**
 * What the benchmarks (scripts/bench.ts, scripts/bench-storage.ts) and the function tests share:
 * a valid enquiry to send, a free loopback port, a health probe, and a throw-away copy of the
 * project whose local data is its own.
 */
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A valid public enquiry (an individual, no renewable energy), with `overrides` applied. */
export function sampleEnquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fullName: 'Asha Menon',
    designation: 'Facilities Manager',
    emailAddress: 'asha@example.org',
    phoneNumber: '9876543210',
    country: 'India',
    stateProvince: 'Kerala',
    cityTownVillage: 'Kochi',
    fullAddress: '12 Marine Drive',
    enquiryType: 'Individual',
    institutionName: '',
    institutionType: [],
    institutionTypeOther: '',
    purposeOfUse: 'Backup Power',
    generatorCapacity: '10 kWh - 50 kWh',
    monthlyElectricityBill: '4500',
    renewableEnergyUsed: 'No',
    renewableEnergySpecify: '',
    installationSiteLocation: 'Rooftop',
    spaceAvailable: 'Yes',
    preferredTimeline: '1-3 months',
    additionalComments: '',
    ...overrides,
  };
}

/** A port with nothing listening on it, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Whether the server at `base` answers its health check. */
export async function healthy(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** A copy of the project `root` whose `.netlify/` (and so Blobs data) is its own. */
export function makeSandbox(root: string, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // Sources are copied (the function bundler trips over symlinked ones); the rest is linked.
  for (const entry of ['functions', 'src', 'netlify.toml', 'package.json', 'tsconfig.json']) {
    if (existsSync(join(root, entry)))
      cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  for (const entry of ['dist', 'node_modules']) symlinkSync(join(root, entry), join(dir, entry));
  // serve.ts finds the project root from its own location, so the scripts are copied.
  mkdirSync(join(dir, 'scripts'));
  for (const file of readdirSync(join(root, 'scripts'))) {
    if (file.endsWith('.ts')) copyFileSync(join(root, 'scripts', file), join(dir, 'scripts', file));
  }
  return dir;
}
