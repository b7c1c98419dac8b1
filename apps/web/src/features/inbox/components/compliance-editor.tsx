import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

type EditorState = { text: string | null; setText: (text: string | null) => void };

const ComplianceEditorContext = createContext<EditorState | null>(null);

/**
 * Shares what the draft editor shows with the Compliance Flags list below the workspace, so the
 * list can tell when the stored check no longer matches the text being edited (a stale check).
 */
export function ComplianceEditorProvider({ children }: { children: ReactNode }) {
  const [text, setText] = useState<string | null>(null);
  return (
    <ComplianceEditorContext.Provider value={{ text, setText }}>{children}</ComplianceEditorContext.Provider>
  );
}

/** The workspace reports the editor's text (no-op outside a provider). */
export function useReportEditorText(text: string) {
  const setText = useContext(ComplianceEditorContext)?.setText;
  useEffect(() => {
    setText?.(text);
  }, [setText, text]);
  useEffect(() => () => setText?.(null), [setText]);
}

/** The editor's text, or null when no workspace reports one. */
export function useEditorText(): string | null {
  return useContext(ComplianceEditorContext)?.text ?? null;
}
