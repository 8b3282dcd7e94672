import { describe, expect, it } from 'vitest';
import { moveIslandStyle } from '../../src/integrations/island-styles-in-head';

const style = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('moveIslandStyle', () => {
  it("moves Astro's island style from the body to the end of the head, unchanged", () => {
    const html = `<html><head><title>t</title></head><body><p>a</p>${style}<script>x</script></body></html>`;
    expect(moveIslandStyle(html)).toBe(
      `<html><head><title>t</title>${style}</head><body><p>a</p><script>x</script></body></html>`,
    );
  });

  it('leaves pages without islands, or with the style already in the head, as they are', () => {
    const plain = '<html><head></head><body><p>a</p></body></html>';
    const done = `<html><head>${style}</head><body></body></html>`;
    expect(moveIslandStyle(plain)).toBe(plain);
    expect(moveIslandStyle(done)).toBe(done);
  });
});
