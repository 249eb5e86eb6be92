/**
 * The question asked before a change that cannot be undone (delete, disconnect, block, cancel):
 * said in words, with the change and the way back as its two buttons, grouped under the question
 * so a screen reader announces what is being confirmed.
 */
export function ConfirmPrompt({
  question,
  confirmLabel,
  keepLabel,
  pending,
  onConfirm,
  onKeep,
}: {
  question: string;
  confirmLabel: string;
  keepLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <div className="actions" role="group" aria-label={question}>
      <span>{question}</span>
      <button type="button" className="contrast" disabled={pending} onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="secondary outline" onClick={onKeep}>
        {keepLabel}
      </button>
    </div>
  );
}
