import { useEffect, useRef } from "react";
import type { RepoType } from "@modelhub/api-types";
import { DeletePanel } from "./delete-panel.js";

/** The delete confirmation as a modal dialog, so the page's toolbar layout stays as it is. */
export function DeleteDialog(props: {
  type: RepoType;
  id: string;
  revision: string;
  path: string;
  folder: boolean;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="delete-dialog"
      aria-label={props.folder ? "Delete folder" : "Delete file"}
      onClose={props.onClose}
    >
      <DeletePanel {...props} onCancel={props.onClose} />
    </dialog>
  );
}
