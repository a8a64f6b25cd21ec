// Files the UI makes itself (a CSV template, a template's JSON, a switch's configuration) handed to the browser.

/** Hands `content` to the browser as a download named `name`, of media type `type`. */
export function saveFile(name: string, content: string, type: string): void {
  saveBlob(name, new Blob([content], { type }));
}

/** Hands a Blob (a PNG drawn on a canvas) to the browser as a download named `name`. */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
