/** Animation timings, in one place for islands, scripts and tests. */
export const motion = {
  sliderFadeMs: 800,
  sliderAutoplayMs: 5000,
} as const;
