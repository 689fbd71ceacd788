/** A sample file an upload page offers: where it is served, what it is, and its format. */
export interface SampleFile {
  href: string;
  /** What it is, such as 'waiting list template'. */
  text: string;
  format: 'CSV' | 'XLSX';
}

/**
 * docs/requirements.md §2 upload overviews: the static sample files, each link saying what it is
 * and that it downloads, under what they show (`intro`).
 */
export function SampleFiles({ intro, samples }: { intro: string; samples: readonly SampleFile[] }) {
  return (
    <>
      <h2>Sample files</h2>
      <p>{intro}</p>
      <ul className="nhsuk-list">
        {samples.map((sample) => (
          <li key={sample.href}>
            <a className="nhsuk-link" href={sample.href} download>
              Download the {sample.text} ({sample.format})
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
