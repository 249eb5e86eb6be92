import { sideBySide } from '../prompt-diff';

/**
 * Two texts side by side, line by line (sideBySide): the older on the left, its removed lines
 * marked, the newer on the right, its added lines marked. Used for prompt versions and for an
 * evaluated turn's recorded and candidate replies.
 */
export function TextDiff({
  older,
  newer,
  label,
  olderLabel,
  newerLabel,
}: {
  older: string;
  newer: string;
  label: string;
  olderLabel: string;
  newerLabel: string;
}) {
  const rows = sideBySide(older, newer);
  return (
    <table className="diff" aria-label={label}>
      <colgroup>
        <col className="num" />
        <col />
        <col className="num" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" colSpan={2}>
            {olderLabel}
          </th>
          <th scope="col" colSpan={2}>
            {newerLabel}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <td className="num">{row.left?.line}</td>
            <td className={row.left?.changed ? 'removed' : undefined}>{row.left?.text}</td>
            <td className="num">{row.right?.line}</td>
            <td className={row.right?.changed ? 'added' : undefined}>{row.right?.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
