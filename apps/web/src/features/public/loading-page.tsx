export function LoadingPage() {
  return (
    <div className="nhsuk-u-padding-top-5" role="status" aria-live="polite">
      <p className="nhsuk-body">Loading data</p>
    </div>
  );
}
