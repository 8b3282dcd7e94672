import type { PagedList } from '../hooks/usePagedList';
import { listSummary, noMatch, type Noun } from '../display';
import Button from './Button';

interface Props {
  list: Pick<PagedList<unknown>, 'status' | 'items' | 'total' | 'page' | 'pages'>;
  noun: Noun;
  searched: boolean;
  /** SPEC's texts of the unfiltered list, e.g. 'Loading enquiries...', 'No enquiries found.'. */
  loading: string;
  empty: string;
  onClear: () => void;
}

/**
 * One polite live region per list: loading, then the count and page ('3 enquiries match, page 1
 * of 1' under a search), or the empty text; no match offers to clear the search.
 */
export default function ListStatus({ list, noun, searched, loading, empty, onClear }: Props) {
  const { status, items, total } = list;
  let text = '';
  if (status === 'loading') text = loading;
  else if (status === 'loaded' && items.length === 0) text = searched ? noMatch(noun) : empty;
  else if (items.length > 0) text = listSummary(total, noun, list.page, list.pages, searched);
  const noResults = status === 'loaded' && searched && items.length === 0;
  return (
    <div className="admin-list-status">
      <p className="admin-count" role="status">
        {text}
      </p>
      {noResults && (
        <Button variant="secondary" onClick={onClear}>
          Clear search
        </Button>
      )}
    </div>
  );
}
