import { describe, expect, it } from 'vitest';
import { ACTIVITY_EVENTS, ownInput } from '../../src/admin/hooks/useSession';

/** A mouse move to `x`, `y` on the screen. */
const move = (x: number, y: number) => ({ type: 'mousemove', screenX: x, screenY: y });

describe('the inactivity logout counts only the admin’s own input', () => {
  it('counts a key, a pointer press, the wheel and a touch', () => {
    const counts = ownInput();
    for (const type of ['keydown', 'pointerdown', 'wheel', 'touchstart']) {
      expect(counts({ type }), type).toBe(true);
    }
  });

  it('never counts a scroll, which the browser makes by itself when the page changes', () => {
    expect(ACTIVITY_EVENTS).not.toContain('scroll');
    expect(ownInput()({ type: 'scroll' })).toBe(false);
  });

  it('counts a mouse move only when the pointer moved on the screen', () => {
    const counts = ownInput();
    expect(counts(move(40, 40))).toBe(false); // the first tells where the pointer is
    expect(counts(move(60, 80))).toBe(true);
    // The page moved under a still pointer (a scroll, a layout shift): the same place again.
    expect(counts(move(60, 80))).toBe(false);
    expect(counts({ type: 'keydown' })).toBe(true);
    expect(counts(move(60, 80))).toBe(false);
    expect(counts(move(61, 80))).toBe(true);
  });
});
