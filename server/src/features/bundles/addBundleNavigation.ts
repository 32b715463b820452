import { PDFArray, PDFHexString, PDFName, PDFNumber, type PDFDocument, type PDFRef } from 'pdf-lib';

export interface Bookmark {
  title: string;
  /** The bundle page (1-based) it opens. */
  page: number;
}

/** A destination that shows the whole of a page. */
export function pageDestination(pdf: PDFDocument, page: number): PDFArray {
  return pdf.context.obj([pdf.getPage(page - 1).ref, PDFName.of('Fit')]) as PDFArray;
}

/**
 * Gives the bundle what a court bundle has besides its pages: an outline (bookmarks), one entry per bookmark in
 * order, shown when the file is opened; and page labels counting from 1 at the first page, the numbers the pages
 * are stamped with, so a reader's "go to page" and the stamps agree.
 */
export function addBundleNavigation(pdf: PDFDocument, bookmarks: readonly Bookmark[]): void {
  const { context, catalog } = pdf;
  const outlineRef = context.nextRef();
  const itemRefs: PDFRef[] = bookmarks.map(() => context.nextRef());
  bookmarks.forEach((bookmark, index) => {
    context.assign(
      itemRefs[index]!,
      context.obj({
        Title: PDFHexString.fromText(bookmark.title),
        Parent: outlineRef,
        ...(index > 0 ? { Prev: itemRefs[index - 1]! } : {}),
        ...(index < bookmarks.length - 1 ? { Next: itemRefs[index + 1]! } : {}),
        Dest: pageDestination(pdf, bookmark.page),
      }),
    );
  });
  context.assign(
    outlineRef,
    context.obj({
      Type: 'Outlines',
      ...(itemRefs.length > 0 ? { First: itemRefs[0]!, Last: itemRefs.at(-1)! } : {}),
      Count: PDFNumber.of(itemRefs.length),
    }),
  );
  catalog.set(PDFName.of('Outlines'), outlineRef);
  catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
  catalog.set(
    PDFName.of('PageLabels'),
    context.obj({ Nums: [PDFNumber.of(0), context.obj({ S: PDFName.of('D'), St: PDFNumber.of(1) })] }),
  );
}
