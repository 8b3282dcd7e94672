/**
 * A static page can outlive its build year: the footer's copyright always ends at the current one.
 */
export function showCurrentYear(root: ParentNode = document): void {
  for (const year of root.querySelectorAll('[data-current-year]')) {
    year.textContent = String(new Date().getFullYear());
  }
}
