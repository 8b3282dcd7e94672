/**
 * Header menus: the mobile toggle and the Business/Projects dropdowns. Opening one dropdown
 * closes the other; Escape or a click elsewhere closes them; widening past the 768 px
 * breakpoint closes everything.
 */
const DESKTOP = '(min-width: 769px)';

export function initHeader(root: Document = document): void {
  const header = root.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const triggers = [...header.querySelectorAll<HTMLButtonElement>('[data-dropdown]')];

  const setOpen = (button: HTMLButtonElement, open: boolean) =>
    button.setAttribute('aria-expanded', String(open));
  const isOpen = (button: HTMLButtonElement) => button.getAttribute('aria-expanded') === 'true';
  const closeMenus = (except?: HTMLButtonElement) =>
    triggers.filter((t) => t !== except).forEach((t) => setOpen(t, false));
  const closeAll = () => {
    closeMenus();
    if (toggle) setOpen(toggle, false);
  };

  toggle?.addEventListener('click', () => {
    const open = !isOpen(toggle);
    setOpen(toggle, open);
    if (!open) closeMenus();
  });

  for (const trigger of triggers) {
    trigger.addEventListener('click', () => {
      const open = !isOpen(trigger);
      closeMenus(trigger);
      setOpen(trigger, open);
    });
  }

  header.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = triggers.find(isOpen);
    if (open) {
      setOpen(open, false);
      open.focus();
    } else if (toggle && isOpen(toggle)) {
      setOpen(toggle, false);
      toggle.focus();
    }
  });

  root.addEventListener('click', (event) => {
    if (!header.contains(event.target as Node)) closeMenus();
  });

  window.matchMedia(DESKTOP).addEventListener('change', (event) => {
    if (event.matches) closeAll();
  });
}
