import { RotateCcw, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { prefersReducedMotion } from '../../../lib/prefers-reduced-motion';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/button';
import { Field, Input, Select, Textarea } from '../../../ui/form-field';
import { useApiRequest } from '../hooks/use-api-request';
import { authSummary, takesApiKey } from '../lib/auth-summary';
import { curlSample } from '../lib/code-samples';
import { schemaTypeLabel, type ApiOperation, type ApiParameter, type ApiReference } from '../lib/openapi-model';
import { buildRequestPath, initialDraft, parseJsonBody, type RequestDraft } from '../lib/request-draft';
import { apiConsoleState, ensureDraft, resetDraft, selectOperation, setApiKey, setPathValue, setQueryValue, updateDraft } from '../store';
import { CodeBlock } from './code-block';
import { MethodBadge } from './method-badge';
import { ResponseBox } from './response-box';
import { useOrigin } from '../../../lib/use-origin';

/** The operation the console opens on when none was picked: the typeahead, the first call most people try. */
const DEFAULT_OPERATION = 'GET /api/search';

interface ParameterFieldProps {
  parameter: ApiParameter;
  value: string;
  onChange: (value: string) => void;
  document: unknown;
  /** Shown after a send was refused because this required value was empty. */
  error?: string;
}

function ParameterField({ parameter, value, onChange, document, error }: ParameterFieldProps) {
  const type = schemaTypeLabel(document, parameter.schema);
  return (
    <Field label={parameter.name} optional={!parameter.required} error={error} hint={[parameter.in === 'path' ? 'path' : 'query', type, parameter.description].filter(Boolean).join(' · ')}>
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={parameter.required ? 'required' : 'default'}
          className="font-mono text-sm"
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </Field>
  );
}

/**
 * The test console: pick an endpoint, fill its parameters, edit the JSON body, add an API key where
 * the endpoint needs one, and send it to this server. The answer shows status, time and headers.
 */
export function ApiConsole({ reference }: { reference: ApiReference }) {
  // sync: typed values reach the inputs in the same render (controlled inputs keep their caret).
  const snap = useSnapshot(apiConsoleState, { sync: true });
  const selectedKey = snap.selectedKey && reference.operations.some((operation) => operation.key === snap.selectedKey) ? snap.selectedKey : null;
  const operation: ApiOperation | undefined =
    reference.operations.find((candidate) => candidate.key === selectedKey) ??
    reference.operations.find((candidate) => candidate.key === DEFAULT_OPERATION) ??
    reference.operations[0];
  const { state, send, fail, reset } = useApiRequest();
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const responseSection = useRef<HTMLElement>(null);
  const origin = useOrigin();

  // On one column (phones) the answer is below the form: bring it into view when a request leaves.
  useEffect(() => {
    if (state.phase === 'loading') responseSection.current?.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [state.phase]);

  useEffect(() => {
    if (operation) ensureDraft(operation.key, () => initialDraft(reference, operation));
  }, [reference, operation]);

  if (!operation) return <p className="text-bone-400">This API documents no endpoints yet.</p>;
  const draft: RequestDraft = snap.drafts[operation.key] ?? initialDraft(reference, operation);
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const hasBody = Boolean(operation.requestBody);
  const showKey = takesApiKey(operation.auth);
  const built = buildRequestPath(reference, operation, draft);

  function pick(key: string) {
    selectOperation(key);
    setBodyError(null);
    setMissing([]);
    reset();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!operation) return;
    let body: string | undefined;
    if (hasBody) {
      const parsed = parseJsonBody(draft.body);
      if (!parsed.ok) {
        // Nothing is sent: the body must parse first (spec §5).
        setBodyError(`${parsed.error}: ${parsed.detail}`);
        return;
      }
      body = parsed.value === undefined ? undefined : JSON.stringify(parsed.value);
    }
    setBodyError(null);
    if (!built.ok) {
      setMissing(built.missing);
      fail(built.error);
      return;
    }
    setMissing([]);
    void send({ method: operation.method, path: built.path, body, apiKey: showKey ? snap.apiKey : undefined });
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-10">
      <form onSubmit={handleSubmit} aria-label="Test console" className="grid min-w-0 content-start gap-5">
        <Field label="Endpoint">
          {({ id }) => (
            <Select id={id} value={operation.key} onChange={(event) => pick(event.target.value)} className="font-mono text-sm">
              {reference.groups.map((group) => (
                <optgroup key={group.name} label={group.name}>
                  {group.operations.map((candidate) => (
                    <option key={candidate.key} value={candidate.key}>
                      {candidate.key}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Field>

        <div className="grid gap-1.5 rounded-xl bg-ink-900/60 px-3.5 py-3 ring-1 ring-inset ring-ink-700">
          <div className="flex min-w-0 items-center gap-2.5">
            <MethodBadge method={operation.method} />
            <code className="min-w-0 break-all font-mono text-[13px] text-bone-50" data-testid="console-request-line">
              {built.ok ? built.path : operation.path}
            </code>
          </div>
          {operation.summary && <p className="text-sm text-bone-300">{operation.summary}</p>}
          <p className="text-xs text-bone-500">Authentication: {authSummary(operation)}</p>
        </div>

        {pathParameters.length + queryParameters.length > 0 && (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-xs font-semibold uppercase tracking-[0.16em] text-bone-500">Parameters</legend>
            {pathParameters.map((parameter) => (
              <ParameterField
                key={`path:${parameter.name}`}
                parameter={parameter}
                document={reference.document}
                value={draft.pathValues[parameter.name] ?? ''}
                error={missing.includes(parameter.name) && !(draft.pathValues[parameter.name] ?? '').trim() ? 'Required' : undefined}
                onChange={(value) => setPathValue(operation.key, parameter.name, value)}
              />
            ))}
            {queryParameters.map((parameter) => (
              <ParameterField
                key={`query:${parameter.name}`}
                parameter={parameter}
                document={reference.document}
                value={draft.queryValues[parameter.name] ?? ''}
                error={missing.includes(parameter.name) && !(draft.queryValues[parameter.name] ?? '').trim() ? 'Required' : undefined}
                onChange={(value) => setQueryValue(operation.key, parameter.name, value)}
              />
            ))}
          </fieldset>
        )}

        {showKey && (
          <Field
            label="API key"
            hint={
              <>
                Sent as <code className="font-mono">Authorization: Bearer …</code>, without this browser’s session. Create one on{' '}
                <Link to="/account/api-keys" className="text-amber-soft underline underline-offset-2">
                  your API keys page
                </Link>
                .
              </>
            }
          >
            {({ id, describedBy }) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                type="password"
                value={snap.apiKey}
                onChange={(event) => setApiKey(event.target.value)}
                placeholder="cdna_…"
                autoComplete="off"
                spellCheck={false}
                className="font-mono text-sm"
              />
            )}
          </Field>
        )}
        {operation.auth.mode === 'required' && !showKey && (
          <p className="text-sm leading-relaxed text-bone-400">
            {operation.access === 'public'
              ? 'Sent with this browser’s session and its CSRF token.'
              : 'Sent with this browser’s session: sign in first. This endpoint refuses API keys.'}
          </p>
        )}

        {hasBody && (
          <Field label="Request body (JSON)" error={bodyError ?? undefined}>
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={draft.body}
                onChange={(event) => updateDraft(operation.key, { body: event.target.value })}
                spellCheck={false}
                rows={Math.min(18, Math.max(6, draft.body.split('\n').length + 1))}
                className="font-mono text-[13px]"
              />
            )}
          </Field>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={state.phase === 'loading'}>
            <Send aria-hidden className="size-4" />
            Send Request
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              resetDraft(operation.key, initialDraft(reference, operation));
              setBodyError(null);
              setMissing([]);
              reset();
            }}
          >
            <RotateCcw aria-hidden className="size-3.5" />
            Reset to the example
          </Button>
        </div>

        {built.ok && (
          <details className="min-w-0">
            <summary className="cursor-pointer text-sm text-amber-soft hover:text-amber-glow">This request as cURL</summary>
            <CodeBlock
              className="mt-2"
              label="cURL"
              code={curlSample({ origin, method: operation.method, path: built.path, body: hasBody ? draft.body : undefined, auth: operation.auth })}
            />
          </details>
        )}
      </form>

      <section ref={responseSection} aria-label="Response" className="grid min-w-0 content-start gap-3">
        <h2 className="text-xs font-semibold uppercase tracking-[0.16em] text-bone-500">Response</h2>
        <ResponseBox state={state} idleText="Send a request to see the response here." />
      </section>
    </div>
  );
}
