import { Badge } from '../../components/Badge.tsx';
import {
  accessLabel,
  type Call,
  fieldRows,
  type OpenApiDocument,
  type Parameter,
} from './openapi.ts';
import { Prose } from './Prose.tsx';

/** A parameter, with a shared one (`$ref`) looked up in the document's components. */
function resolveParameter(doc: OpenApiDocument, parameter: Parameter): Parameter {
  if (!parameter.$ref) return parameter;
  return doc.components?.parameters?.[parameter.$ref.split('/').pop() ?? ''] ?? parameter;
}

/**
 * One call, folded to its method, path and summary; opened, what it takes and what it answers.
 * A native <details>, so it opens with the keyboard and screen readers announce its state.
 */
export function CallDetails({ doc, call }: { doc: OpenApiDocument; call: Call }) {
  const { operation } = call;
  const parameters = (operation.parameters ?? []).map((p) => resolveParameter(doc, p));
  const body = operation.requestBody ? Object.entries(operation.requestBody.content)[0] : undefined;
  const fields = fieldRows(body?.[1].schema);
  const access = accessLabel(operation);
  return (
    <details className="api-call">
      <summary className="api-call-summary">
        <span className={`api-method api-method-${call.method.toLowerCase()}`}>{call.method}</span>
        <code className="api-path">{call.path}</code>
        <span className="api-call-title">{operation.summary}</span>
        <Badge tone={access.startsWith('Public') ? 'success' : 'neutral'}>{access}</Badge>
      </summary>
      <div className="api-call-body">
        {operation.description ? (
          <p>
            <Prose text={operation.description} />
          </p>
        ) : null}
        {parameters.length > 0 ? (
          <section>
            <h4 className="api-call-heading">Parameters</h4>
            <ul className="api-fields">
              {parameters.map((p) => (
                <li key={`${p.in}-${p.name}`}>
                  <code>{p.name}</code> <span className="detail-note">{p.in}</span>
                  {p.required ? <Badge tone="warning">Required</Badge> : null}
                  {p.description ? (
                    <span className="api-field-notes">
                      <Prose text={p.description} />
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {body ? (
          <section>
            <h4 className="api-call-heading">
              Request body <span className="detail-note">{body[0]}</span>
            </h4>
            {operation.requestBody?.description ? (
              <p>
                <Prose text={operation.requestBody.description} />
              </p>
            ) : null}
            {fields.length > 0 ? (
              <ul className="api-fields">
                {fields.map((field) => (
                  <li key={field.name}>
                    <code>{field.name}</code> <span className="detail-note">{field.type}</span>
                    {field.required ? <Badge tone="warning">Required</Badge> : null}
                    {field.notes ? <span className="api-field-notes">{field.notes}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {body[1].example !== undefined ? (
              <>
                <h5 className="api-call-heading">Example</h5>
                <pre className="api-example">{JSON.stringify(body[1].example, null, 2)}</pre>
              </>
            ) : null}
          </section>
        ) : null}
        <section>
          <h4 className="api-call-heading">Answers</h4>
          <ul className="api-fields">
            {Object.entries(operation.responses ?? {}).map(([status, response]) => {
              const shared = response.$ref
                ? doc.components?.responses?.[response.$ref.split('/').pop() ?? '']
                : undefined;
              return (
                <li key={status}>
                  <code>{status}</code>{' '}
                  <span className="api-field-notes">
                    <Prose text={shared?.description ?? response.description ?? ''} />
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </details>
  );
}
