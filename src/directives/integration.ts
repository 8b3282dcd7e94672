/** Registers the `client:needed` directive (src/directives/when-needed.ts) with Astro. */
import type { AstroIntegration } from 'astro';

export default function whenNeededDirective(): AstroIntegration {
  return {
    name: 'client-needed-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'needed', entrypoint: './src/directives/when-needed.ts' });
      },
    },
  };
}
