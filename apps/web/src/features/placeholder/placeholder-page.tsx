import { InsetText } from '../../components/content';

/** Stands in for a screen that a later capability builds (spec §2 routes exist now). */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <InsetText>
        <p>This screen is not available yet.</p>
      </InsetText>
    </>
  );
}
