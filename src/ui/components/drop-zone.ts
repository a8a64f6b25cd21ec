// A place to drop files or choose them: the CSV import takes one file, the ezSWM import a whole data directory.
import { html, useState } from '../html.ts';

/** The drop zone; `children` are shown below the file input (the chosen file's name). */
export function DropZone(p: {
  inputId: string;
  prompt: string;
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: FileList | undefined) => void;
  children?: unknown;
}) {
  const [over, setOver] = useState(false);
  return html`<div class=${`drop-zone${over ? ' over' : ''}`}
    onDragOver=${(e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    }}
    onDragLeave=${() => setOver(false)}
    onDrop=${(e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      p.onFiles(e.dataTransfer?.files);
    }}>
    <p>${p.prompt}</p>
    <label for=${p.inputId} class="visually-hidden">${p.label}</label>
    <input id=${p.inputId} type="file" multiple=${p.multiple} accept=${p.accept} disabled=${p.disabled}
      onChange=${(e: Event) => p.onFiles((e.currentTarget as HTMLInputElement).files ?? undefined)} />
    ${p.children}
  </div>`;
}
