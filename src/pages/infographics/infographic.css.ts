import type { APIRoute } from 'astro';
import tokens from '../../styles/tokens.css?raw';
import fonts from '../../styles/fonts.css?raw';
import wrapping from '../../styles/wrapping.css?raw';
import styles from '../../components/services/infographic.css?raw';

/**
 * The one stylesheet of the framed infographic documents: the site's tokens, web fonts (used by
 * the Malayalam and Arabic documents only) and word wrapping, plus their layout.
 */
export const GET: APIRoute = () =>
  new Response(`${tokens}\n${fonts}\n${wrapping}\n${styles}`, {
    headers: { 'Content-Type': 'text/css; charset=utf-8' },
  });
