import { useEffect, useState, type RefObject } from 'react';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Lets a photo arrive by drag and drop anywhere on the header around `anchor`, or by paste anywhere on the page.
 * Returns whether a file is being dragged over the header, to highlight it as a drop target.
 */
export function usePhotoArrival(anchor: RefObject<HTMLElement | null>, onPhoto: (file: File) => void): boolean {
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const zone = anchor.current?.closest('header') ?? anchor.current;
    if (!zone) return;
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!zone.contains(event.relatedTarget as Node | null)) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (file) onPhoto(file);
    };
    const paste = (event: ClipboardEvent) => {
      // Only image files: pasting text into the search box must keep working.
      const file = Array.from(event.clipboardData?.files ?? []).find((f) => f.type.startsWith('image/'));
      if (!file) return;
      event.preventDefault();
      onPhoto(file);
    };
    zone.addEventListener('dragenter', over);
    zone.addEventListener('dragover', over);
    zone.addEventListener('dragleave', leave);
    zone.addEventListener('drop', drop);
    document.addEventListener('paste', paste);
    return () => {
      zone.removeEventListener('dragenter', over);
      zone.removeEventListener('dragover', over);
      zone.removeEventListener('dragleave', leave);
      zone.removeEventListener('drop', drop);
      document.removeEventListener('paste', paste);
    };
  }, [anchor, onPhoto]);

  useEffect(() => {
    const zone = anchor.current?.closest('header');
    if (!zone) return;
    zone.style.outline = dragging ? '2px dashed var(--mantine-color-blue-6)' : '';
    zone.style.outlineOffset = dragging ? '-4px' : '';
  }, [anchor, dragging]);

  return dragging;
}
