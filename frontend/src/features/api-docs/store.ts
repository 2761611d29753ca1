import { proxy } from 'valtio';
import type { RequestDraft } from './lib/request-draft';

interface ApiConsoleState {
  /** The operation picked in the console (`GET /api/search`), null until one is. */
  selectedKey: string | null;
  /** What was typed per operation, so switching endpoints or tabs loses nothing. */
  drafts: Record<string, RequestDraft>;
  /** Kept in memory only: never stored, gone with the tab. */
  apiKey: string;
}

/** The test console's fields. */
export const apiConsoleState = proxy<ApiConsoleState>({ selectedKey: null, drafts: {}, apiKey: '' });

export function selectOperation(key: string): void {
  apiConsoleState.selectedKey = key;
}

/** Starts a draft for an operation, unless one is already being edited. */
export function ensureDraft(key: string, initial: () => RequestDraft): void {
  apiConsoleState.drafts[key] ??= initial();
}

export function updateDraft(key: string, patch: Partial<RequestDraft>): void {
  const draft = apiConsoleState.drafts[key];
  if (draft) Object.assign(draft, patch);
}

export function setPathValue(key: string, name: string, value: string): void {
  const draft = apiConsoleState.drafts[key];
  if (draft) draft.pathValues[name] = value;
}

export function setQueryValue(key: string, name: string, value: string): void {
  const draft = apiConsoleState.drafts[key];
  if (draft) draft.queryValues[name] = value;
}

/** Back to the document's examples for one operation. */
export function resetDraft(key: string, initial: RequestDraft): void {
  apiConsoleState.drafts[key] = initial;
}

export function setApiKey(value: string): void {
  apiConsoleState.apiKey = value;
}

/** Empties the console (tests, and leaving the page). */
export function resetApiConsole(): void {
  apiConsoleState.selectedKey = null;
  apiConsoleState.drafts = {};
  apiConsoleState.apiKey = '';
}
