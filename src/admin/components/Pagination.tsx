import { pageButtons } from '../display';
import Button from './Button';

interface Props {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Enquiries pages'. */
  label: string;
}

/** Previous, numbered pages and Next, only when there is more than one page. */
export default function Pagination({ page, pages, onPage, label }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <ul>
        {pageButtons(page, pages).map((number, index) => (
          <li key={number ?? `gap-${index}`}>
            {number === null ? (
              <span className="admin-pagination__gap" aria-hidden="true">
                …
              </span>
            ) : (
              <Button
                variant="page"
                aria-current={number === page ? 'page' : undefined}
                onClick={() => onPage(number)}
              >
                <span className="visually-hidden">Page </span>
                {number}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
