import { showFrame } from './frames';

/**
 * Item views of the renewable page's sections and the generator page's card. Each item is a
 * `<details name=…>`: its summary ('Know More') opens it or, when open, closes it, and the shared name keeps
 * one open at a time. Inside, `data-view` picks the panel: options → text | graphical, which
 * switch between each other; 'Show Less' closes the item, and closing returns it to options.
 * Without this script an opened item shows its full text (the server-rendered `data-view`).
 */
type View = 'options' | 'text' | 'graphical';

function setView(details: HTMLDetailsElement, view: View, focus: boolean): void {
  details.dataset['view'] = view;
  for (const button of details.querySelectorAll<HTMLButtonElement>('[data-view-to]')) {
    button.setAttribute('aria-expanded', String(button.dataset['viewTo'] === view));
  }
  const panel = details.querySelector<HTMLElement>(`[data-panel="${view}"]`);
  if (view === 'graphical') showFrame(panel?.querySelector('[data-frame]'));
  // The pressed button is gone from the new view: move focus to what replaced it.
  if (focus) panel?.focus();
}

export function initItemViews(doc: Document = document): void {
  for (const details of doc.querySelectorAll<HTMLDetailsElement>('details[data-views]')) {
    setView(details, 'options', false);
    details.addEventListener('toggle', () => {
      if (!details.open) setView(details, 'options', false);
    });
    details.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button');
      if (!button) return;
      const to = button.dataset['viewTo'];
      if (to === 'options' || to === 'text' || to === 'graphical') {
        setView(details, to, true);
      } else if (button.hasAttribute('data-close')) {
        details.open = false;
        details.querySelector('summary')?.focus();
      }
    });
  }
}
