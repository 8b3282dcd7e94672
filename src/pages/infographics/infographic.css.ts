import type { APIRoute } from 'astro';
import tokens from '../../styles/tokens.css?raw';
import styles from '../../components/services/infographic.css?raw';

/** The one stylesheet of the framed infographic documents: the site's tokens plus their layout. */
export const GET: APIRoute = () =>
  new Response(`${tokens}\n${styles}`, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
