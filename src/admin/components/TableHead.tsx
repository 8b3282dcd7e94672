/** An admin table's header row: one column header per name, in order (each cell repeats its name
 * in `data-label` for the narrow screens' cards). */
export default function TableHead({
  columns,
  sortOf,
}: {
  columns: readonly string[];
  /** A column's `aria-sort`, for the column the rows are ordered by. */
  sortOf?: (column: string) => 'ascending' | 'descending' | undefined;
}) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" aria-sort={sortOf?.(column)}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
