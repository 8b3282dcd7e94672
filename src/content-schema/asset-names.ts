/**
 * The names content may give an asset, listed once: icons (lucide-static), illustrations
 * (src/assets/illustrations) and slide images (src/assets/slides), as the content schemas accept
 * them (src/content.config.ts) and the CMS offers them (src/integrations/cms/config.ts). Read from
 * the folders with node:fs, not Vite's import.meta.glob, because the CMS config is generated
 * outside Vite (by the integration, `npm run cms` and the unit tests). The pages load the files
 * themselves through Vite (src/page-helpers/icons.ts, src/page-helpers/illustrations.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface AssetNames {
  /** Lucide names: the files of node_modules/lucide-static/icons without `.svg`. */
  icons: string[];
  /** The files of src/assets/illustrations without `.svg`. */
  illustrations: string[];
  /** `/images/<file>` for each file of src/assets/slides (HomeSlider sizes it). */
  slideImages: string[];
  /** `/uploads/<file>` for each photo editors uploaded (src/assets/uploads, the CMS's media). */
  uploads: string[];
}

/** The photos an upload may be: what Astro's image pipeline sizes (no SVG from outside). */
export const UPLOAD_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'];

/** In the order of Vite's globs: sorted by file name, extension included. */
function fileNames(folder: string, extension: string): string[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(extension))
    .sort();
}

/** The names the folders of the project at `root` hold now. */
export function assetNames(root: string): AssetNames {
  const icons = fileNames(join(root, 'node_modules/lucide-static/icons'), '.svg');
  const illustrations = fileNames(join(root, 'src/assets/illustrations'), '.svg');
  const slides = fileNames(join(root, 'src/assets/slides'), '.jpg');
  const uploadsFolder = join(root, 'src/assets/uploads');
  const uploads = existsSync(uploadsFolder)
    ? readdirSync(uploadsFolder)
        .filter((file) =>
          UPLOAD_EXTENSIONS.some((extension) => file.toLowerCase().endsWith(extension)),
        )
        .sort()
    : [];
  return {
    icons: icons.map((file) => file.slice(0, -'.svg'.length)),
    illustrations: illustrations.map((file) => file.slice(0, -'.svg'.length)),
    slideImages: slides.map((file) => `/images/${file}`),
    uploads: uploads.map((file) => `/uploads/${file}`),
  };
}

const project = assetNames(join(import.meta.dirname, '../..'));

/** Every valid icon name, for the content schema. */
export const iconNames: readonly string[] = project.icons;
/** Every illustration name, for the content schema. */
export const illustrationNames: readonly string[] = project.illustrations;
/** Every slide image as content names it, e.g. `/images/slide1.jpg`, for the content schema. */
export const slideImages: readonly string[] = project.slideImages;
/** Every uploaded photo as content names it, e.g. `/uploads/plant.jpg`, for the content schema. */
export const uploadNames: readonly string[] = project.uploads;
