/** A screen's h1 with a caption above it (the type of operation, the patient) once it is known. */
export function CaptionHeading({ title, caption }: { title: string; caption: string | undefined }) {
  return (
    <h1>
      {caption && (
        <span className="nhsuk-caption-l">
          {caption}
          <span className="nhsuk-u-visually-hidden"> - </span>
        </span>
      )}
      {title}
    </h1>
  );
}
