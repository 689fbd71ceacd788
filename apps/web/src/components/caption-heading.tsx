import { DataText } from './data-text';

/**
 * A screen's h1 with a caption above it (the type of operation, the patient) once it is known; the
 * caption may be a name from the data, so it is isolated (DataText).
 */
export function CaptionHeading({ title, caption }: { title: string; caption: string | undefined }) {
  return (
    <h1>
      {caption && (
        <span className="nhsuk-caption-l">
          <DataText text={caption} />
          <span className="nhsuk-u-visually-hidden"> - </span>
        </span>
      )}
      {title}
    </h1>
  );
}
