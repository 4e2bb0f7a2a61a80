import { useState } from 'react';
import { QueryError } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { TextField } from '../../components/FormField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CallDetails } from './CallDetails.tsx';
import { groupByTag } from './openapi.ts';
import { Prose } from './Prose.tsx';
import { OPENAPI_URL, useOpenApiDocument } from './queries.ts';
import './api-reference.css';

/**
 * API reference: every call of the Classwise API for an organiser's developers, rendered from the
 * same OpenAPI description the API serves (docs/api/openapi.md), so it never drifts from it.
 */
export function ApiReferenceScreen() {
  const doc = useOpenApiDocument();
  const data = doc.data;
  const [search, setSearch] = useState('');
  const groups = data ? groupByTag(data, search) : [];
  const schemes = Object.entries(data?.components?.securitySchemes ?? {});
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            Every call your developers can make to Classwise, with what each accepts and who may
            make it. The same description as a file for tools:{' '}
            <a href={OPENAPI_URL} download="classwise-openapi.json">
              OpenAPI 3.1 (JSON)
            </a>
            .
          </>
        }
      />
      <QueryError error={doc.error} />
      {doc.isPending ? (
        <div className="card skeleton-card" role="status">
          <span className="visually-hidden">Loading the API reference</span>
        </div>
      ) : null}
      {data ? (
        <>
          <Card title="Signing in">
            <ul className="api-fields">
              {schemes.map(([name, scheme]) => (
                <li key={name}>
                  <code>
                    {scheme.type === 'apiKey' ? `Cookie ${scheme.name}` : 'Authorization: Bearer'}
                  </code>
                  <span className="api-field-notes">
                    <Prose text={scheme.description ?? ''} />
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          <div className="api-search">
            <TextField
              label="Find a call"
              type="search"
              value={search}
              placeholder="Path or words, e.g. bookings"
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          {groups.length === 0 ? (
            <Card>
              <EmptyState description="No call matches these words." />
            </Card>
          ) : (
            groups.map((group) => (
              <Card
                key={group.name}
                title={group.name}
                description={group.description ? <Prose text={group.description} /> : undefined}
              >
                <div className="api-calls">
                  {group.calls.map((call) => (
                    <CallDetails key={`${call.method} ${call.path}`} doc={data} call={call} />
                  ))}
                </div>
              </Card>
            ))
          )}
        </>
      ) : null}
    </>
  );
}
