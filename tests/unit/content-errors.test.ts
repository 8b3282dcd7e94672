import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { knownName, pageHref, routeOf } from '../../src/content-schema/content-references';
import { editDistance, nearestName } from '../../src/content-schema/nearest-name';
import { astro, BUILD_TIMEOUT, siteCopy } from './support/site-copy';

describe('nearestName', () => {
  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('magent', 'magnet')).toBe(1);
    expect(editDistance('dropet', 'droplet')).toBe(1);
    expect(editDistance('', 'sun')).toBe(3);
  });

  it('finds the name meant by a slip, and nothing for a name far from all', () => {
    const names = ['droplet', 'droplets', 'cloud-rain', 'sun'];
    expect(nearestName('dropet', names)).toBe('droplet');
    expect(nearestName('Cloud-Rain', names)).toBe('cloud-rain');
    expect(nearestName('moon', names)).toBeUndefined();
  });

  it('gives no guess when two names are as near', () => {
    expect(nearestName('slide5.jpg', ['slide1.jpg', 'slide2.jpg'])).toBeUndefined();
  });
});

describe('knownName', () => {
  const illustration = knownName('illustration', ['solar-rows', 'wind-turbines'], 'src/assets/x');

  it('accepts a listed name', () => {
    expect(illustration.parse('solar-rows')).toBe('solar-rows');
  });

  it('names the nearest name, else the listed names', () => {
    expect(illustration.safeParse('solar-row').error?.issues[0]?.message).toBe(
      'unknown illustration "solar-row" (src/assets/x): did you mean "solar-rows"?',
    );
    expect(illustration.safeParse('sunset').error?.issues[0]?.message).toBe(
      'unknown illustration "sunset" (src/assets/x): use one of solar-rows, wind-turbines',
    );
  });

  it('points to where the names are when they are too many to list', () => {
    const many = Array.from({ length: 100 }, (_, i) => `icon-${i}`);
    expect(knownName('icon', many, 'lucide').safeParse('zzz').error?.issues[0]?.message).toBe(
      'unknown icon "zzz" (lucide): use a name from lucide',
    );
  });
});

describe('pageHref', () => {
  const paths = ['/', '/careers', '/projects/biogas-units'];
  const href = pageHref(paths);

  it('accepts a section, a page of the site with or without a section, and a full URL', () => {
    for (const link of ['#intro', '/', '/#contact-form', '/careers/', '/projects/biogas-units']) {
      expect(href.safeParse(link).success, link).toBe(true);
    }
    expect(href.safeParse('https://example.org/a').success).toBe(true);
  });

  it('rejects a page the site does not have, naming the nearest one', () => {
    expect(href.safeParse('/carers#x').error?.issues[0]?.message).toBe(
      'no page "/carers" on this site: did you mean "/careers"?',
    );
  });

  it('rejects a relative link', () => {
    expect(href.safeParse('careers').success).toBe(false);
  });

  it('maps page files to their paths', () => {
    expect(['index.astro', 'about.astro', 'services/eia.astro'].map(routeOf)).toEqual([
      '/',
      '/about',
      '/services/eia',
    ]);
  });
});

const copies: string[] = [];
/** A copy of the site of the test's own, removed after the file. */
async function freshCopy(): Promise<string> {
  const root = await siteCopy('content-errors');
  copies.push(root);
  return root;
}
afterAll(async () => {
  await Promise.all(
    copies.map((root) => rm(root, { recursive: true, force: true, maxRetries: 5 })),
  );
});

describe(
  'content errors (astro sync and build on a copy of the site)',
  { timeout: BUILD_TIMEOUT },
  () => {
    it('a misspelt icon and image, and a blank title, fail with the file, the fields and the names meant', async ({
      signal,
    }) => {
      const root = await freshCopy();
      const file = 'content/items/eia/en/03-water-conservation.yaml';
      const yaml = await readFile(join(root, file), 'utf8');
      // The EIA page shows icons, not images: a wrong image here used to pass unseen.
      const broken = yaml
        .replace(/^icon: droplet$/m, 'icon: dropet')
        .replace(/^image: water-conservation$/m, 'image: water-conservaton')
        .replace(/^title: .*$/m, 'title: "   "');
      expect(broken).not.toBe(yaml);
      await writeFile(join(root, file), broken);

      const { code, output } = await astro(root, signal, 'sync');

      expect(code).not.toBe(0);
      expect(output).toContain('InvalidContentEntryDataError');
      expect(output).toContain(join(root, file));
      expect(output).toContain(
        'icon: unknown icon "dropet" (Lucide names: node_modules/lucide-static/icons): did you mean "droplet"?',
      );
      expect(output).toContain(
        'image: unknown illustration "water-conservaton" (src/assets/illustrations): did you mean "water-conservation"?',
      );
      expect(output).toContain('title: must not be blank');
    });

    it('an entry outside a language folder fails the build, naming the folders', async ({
      signal,
    }) => {
      const root = await freshCopy();
      // An English team entry left at the top of its collection, not in content/team/en/.
      const file = 'content/team/07-misplaced.yaml';
      await writeFile(
        join(root, file),
        await readFile(join(root, 'content/team/en/01-renewable-energy-lead.yaml'), 'utf8'),
      );

      const { code, output } = await astro(root, signal, 'build');

      expect(code).not.toBe(0);
      expect(output).toContain('Content entry "07-misplaced" is not in a language folder');
      expect(output).toContain('(en, ml, ar)');
    });

    it('a clean build succeeds and prints no warning, taking an empty file for no translation', async ({
      signal,
    }) => {
      const root = await freshCopy();
      // What Decap CMS saves for the languages of a new entry its editor left alone: a bare newline.
      await writeFile(join(root, 'content/projects/ml/solar-canopies.mdx'), '\n');
      await writeFile(join(root, 'content/items/eia/ar/11-new-service.yaml'), '\n');

      const { code, output } = await astro(root, signal, 'build');

      expect(output).toContain('[build] Complete!');
      expect(code).toBe(0);
      expect(output.split('\n').filter((line) => /\bwarn/i.test(line))).toEqual([]);
      expect(output).not.toContain('solar-canopies');
      await expect(readdir(join(root, 'dist/ml/projects'))).resolves.not.toContain(
        'solar-canopies',
      );
    });
  },
);
