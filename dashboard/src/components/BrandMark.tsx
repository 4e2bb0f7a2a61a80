/** The Classwise logo mark and name (sidebar and login). */
export function BrandMark() {
  return (
    <>
      <span className="brand-mark">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 18V9l8-5 8 5v9M9 18v-5h6v5" />
        </svg>
      </span>
      <span className="brand-name">Classwise</span>
    </>
  );
}
