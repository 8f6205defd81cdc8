import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import {
  EditButton,
  RecordContextProvider,
  Show,
  SimpleShowLayout,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useShowController,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { requestContent } from '../../providers/httpClient';
import { PageBreadcrumbs } from '../../src/layout/PageBreadcrumbs';
import { LazyBoundary } from '../../src/shell/LazyBoundary';
import { CUSTOM_PANELS } from '../custom/panels';
import type { ComponentPanel, DataPanel, ResourceDeclaration } from '../types';
import { DocumentRowActions } from './DocumentActions';
import { fieldElement } from './fields';

type Related = Record<string, unknown>;

/** Reads each distinct related path of the record once. */
function useRelated(panels: readonly DataPanel[], id: string | undefined) {
  const [answers, setAnswers] = useState<Record<string, Related | Error>>({});
  const paths = [...new Set(panels.map((panel) => panel.path))].join('\n');
  useEffect(() => {
    if (!id || paths === '') return;
    let live = true;
    for (const path of paths.split('\n')) {
      requestContent<Related>(path.replace(':id', encodeURIComponent(id)), { silent: true }).then(
        (answer) => live && setAnswers((state) => ({ ...state, [path]: answer })),
        (error: Error) => live && setAnswers((state) => ({ ...state, [path]: error })),
      );
    }
    return () => {
      live = false;
    };
  }, [paths, id]);
  return answers;
}

function PanelBody({ panel, answer }: { panel: DataPanel; answer: Related | Error | undefined }) {
  if (answer === undefined) return <Typography color="text.secondary">加载中…</Typography>;
  if (answer instanceof Error) return <Typography color="error">{answer.message || '加载失败'}</Typography>;
  const part = answer[panel.key];
  if (Array.isArray(part)) {
    if (part.length === 0) return <Typography color="text.secondary">暂无记录</Typography>;
    return (
      <Table size="small" aria-label={panel.label}>
        <TableHead>
          <TableRow>
            {panel.fields.map((field) => (
              <TableCell key={field.source}>{field.label}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(part as Related[]).map((row) => (
            <RecordContextProvider key={String(row.id)} value={row as never}>
              <TableRow>
                {panel.fields.map((field, index) => (
                  <TableCell key={field.source}>
                    {index === 0 && panel.rowLink ? (
                      <Link to={panel.rowLink.replace(':id', String(row.id))}>{fieldElement(field)}</Link>
                    ) : (
                      fieldElement(field)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </RecordContextProvider>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <RecordContextProvider value={(part ?? {}) as never}>
      <SimpleShowLayout sx={{ p: 0, display: 'flex', flexDirection: 'row', flexWrap: 'wrap', gap: 4 }}>
        {panel.fields.map(fieldElement)}
      </SimpleShowLayout>
    </RecordContextProvider>
  );
}

/** A component panel, in the shown record's context once it has loaded. */
function ComponentPanelCard({ declaration, panel }: { declaration: ResourceDeclaration; panel: ComponentPanel }) {
  const Panel = CUSTOM_PANELS[panel.component];
  if (!Panel) {
    throw new Error(
      `资源 ${declaration.name} 的详情面板声明了 component "${panel.component}"，但 resources/custom/panels.ts 中没有登记它`,
    );
  }
  const { record } = useShowController({ resource: declaration.name });
  if (!record) return null;
  return (
    <RecordContextProvider value={record}>
      <Box component="section" aria-label={panel.label} sx={{ mt: 2 }}>
        <LazyBoundary>
          <Panel />
        </LazyBoundary>
      </Box>
    </RecordContextProvider>
  );
}

function ShowActions({ declaration }: { declaration: ResourceDeclaration }) {
  const { canAccess } = useCanAccess({ resource: declaration.name, action: 'edit' });
  const record = useRecordContext();
  return (
    <TopToolbar>
      {/* The record's document (a signed agreement): previewed and downloaded from its detail page too. */}
      {declaration.documents && record && (
        <DocumentRowActions
          documents={declaration.documents}
          id={record.id}
          title={String(record[declaration.recordTitle] ?? record.id)}
        />
      )}
      {declaration.views.edit && canAccess && <EditButton label="编辑" />}
    </TopToolbar>
  );
}

/**
 * The detail view of a record (declaration views.show): every declared field, then the declaration's related
 * panels (a company's balance, contracts, batches, invoices), each read once from its GET.
 */
export function GeneratedShow({ declaration }: { declaration: ResourceDeclaration }) {
  const { id } = useParams();
  const panels = declaration.related ?? [];
  const dataPanels = panels.filter((panel): panel is DataPanel => !('component' in panel));
  const componentPanels = panels.filter((panel): panel is ComponentPanel => 'component' in panel);
  const related = useRelated(dataPanels, id);
  return (
    <>
      <PageBreadcrumbs listPath={`/${declaration.route ?? declaration.name}`} current={`${declaration.label}详情`} />
      <Show
        resource={declaration.name}
        title={`${declaration.label}详情`}
        actions={<ShowActions declaration={declaration} />}
      >
        {/* The fields side by side in a grid: the layout's own stack would put each on a line of its own. */}
        <SimpleShowLayout
          spacing={0}
          sx={{
            '& .RaSimpleShowLayout-stack': {
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
              gap: 2,
            },
          }}
        >
          {declaration.fields.map(fieldElement)}
        </SimpleShowLayout>
      </Show>
      {componentPanels.map((panel) => (
        <ComponentPanelCard key={panel.component} declaration={declaration} panel={panel} />
      ))}
      {dataPanels.map((panel) => (
        <Card key={`${panel.path} ${panel.key}`} sx={{ mt: 2 }} component="section" aria-label={panel.label}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {panel.label}
            </Typography>
            <PanelBody panel={panel} answer={related[panel.path]} />
          </CardContent>
        </Card>
      ))}
    </>
  );
}
