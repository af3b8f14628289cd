/**
 * The dev inspector's panel (`npm run dev`, `?inspect`): the running actors as a tree, the selected
 * machine's statechart with its current state highlighted, and the event log. Reads an
 * InspectorRecorder (./recorder.ts); draws with `draw` (Mermaid, ./draw.ts). Dev only.
 */
import { Box, Button, Code, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { AnyStateMachine } from 'xstate';
import { ACTIVE_CLASS, renderMermaid } from '../statechart/mermaid';
import type { DrawDiagram } from './draw';
import type { ActorEntry, InspectorRecorder, LogEntry } from './recorder';

/** The panel's width on a window of 48em or more. */
const PANEL_WIDTH = '34rem';

/** Payloads longer than this (characters of JSON) show folded. */
const LONG_PAYLOAD = 160;

/** Log rows shown (the recorder keeps more). */
const SHOWN_LOG = 200;

interface TreeRow {
  actor: ActorEntry;
  depth: number;
}

/** Running actors, each under its parent, in start order. */
function actorTree(actors: readonly ActorEntry[]): TreeRow[] {
  const running = actors.filter((a) => a.status === 'active');
  const ids = new Set(running.map((a) => a.sessionId));
  const children = new Map<string | undefined, ActorEntry[]>();
  for (const actor of running) {
    const parent = actor.parentSessionId !== undefined && ids.has(actor.parentSessionId) ? actor.parentSessionId : undefined;
    children.set(parent, [...(children.get(parent) ?? []), actor]);
  }
  const rows: TreeRow[] = [];
  const visit = (parent: string | undefined, depth: number): void => {
    for (const actor of children.get(parent) ?? []) {
      rows.push({ actor, depth });
      visit(actor.sessionId, depth + 1);
    }
  };
  visit(undefined, 0);
  return rows;
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

function formatTime(time: number): string {
  return `${timeFormat.format(time)}.${String(time % 1000).padStart(3, '0')}`;
}

function Statechart({ machine, activePaths, draw }: { machine: AnyStateMachine; activePaths: string[]; draw: DrawDiagram }) {
  const source = useMemo(() => renderMermaid(machine, { highlight: activePaths, wrapParallelRoot: true }), [machine, activePaths]);
  const container = useRef<HTMLDivElement>(null);
  const baseId = useId().replace(/[^A-Za-z0-9]/g, '');
  const drawings = useRef(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [fit, setFit] = useState(true);

  useEffect(() => {
    let current = true;
    const id = `inspector-chart-${baseId}-${drawings.current++}`;
    draw(id, source).then(
      (svg) => {
        if (!current || !container.current) return;
        // Mermaid's markup, parsed (not injected as HTML): the drawing's <svg> element.
        const drawing = new DOMParser().parseFromString(svg, 'text/html').querySelector('svg');
        container.current.replaceChildren(...(drawing ? [document.importNode(drawing, true)] : []));
        // The current state in view when the drawing is larger than its box.
        container.current.querySelector(`.${ACTIVE_CLASS}`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
        setProblem(null);
      },
      (error: unknown) => {
        if (!current) return;
        container.current?.replaceChildren(); // not the previous drawing under this machine's name
        setProblem(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      current = false;
    };
  }, [draw, source, baseId]);

  return (
    <Stack gap="1">
      <Box
        ref={container}
        data-testid="inspector-chart"
        overflow="auto"
        maxH="50vh"
        borderWidth="1px"
        borderRadius="md"
        p="2"
        bg="white"
        css={fit ? { '& svg': { width: '100%', height: 'auto', maxWidth: '100%' } } : { '& svg': { maxWidth: 'none' } }}
      />
      <HStack justify="flex-end">
        <Button size="2xs" variant="outline" aria-pressed={!fit} onClick={() => setFit((v) => !v)}>
          {fit ? 'Actual size' : 'Fit width'}
        </Button>
      </HStack>
      {problem && (
        <Text role="alert" fontSize="xs" color="fg.error">
          Could not draw the statechart: {problem}
        </Text>
      )}
      <Box as="details" fontSize="xs">
        <summary>Mermaid source</summary>
        <Code as="pre" data-testid="inspector-mermaid-source" display="block" whiteSpace="pre" overflow="auto" maxH="40" p="2">
          {source}
        </Code>
      </Box>
    </Stack>
  );
}

function LogRow({ entry, showActor }: { entry: LogEntry; showActor: boolean }) {
  const payload = Object.keys(entry.payload).length > 0 ? JSON.stringify(entry.payload) : '';
  return (
    <Box as="li" listStyleType="none" borderBottomWidth="1px" py="1" fontSize="xs">
      <HStack gap="2" align="baseline" wrap="wrap">
        <Text as="span" color="fg.muted" fontFamily="mono">
          {formatTime(entry.time)}
        </Text>
        {showActor && (
          <Text as="span" color="fg.muted">
            {entry.actor}
          </Text>
        )}
        <Text as="span" fontWeight="semibold" fontFamily="mono">
          {entry.type}
        </Text>
      </HStack>
      <Text fontFamily="mono">
        {entry.from} → {entry.to}
      </Text>
      {payload.length > LONG_PAYLOAD ? (
        <Box as="details">
          <Box as="summary" fontFamily="mono" color="fg.muted" cursor="pointer">
            {payload.slice(0, LONG_PAYLOAD)}… ({payload.length} characters)
          </Box>
          <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" fontSize="xs">
            {JSON.stringify(entry.payload, null, 2)}
          </Code>
        </Box>
      ) : (
        payload && (
          <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" fontSize="xs">
            {payload}
          </Code>
        )
      )}
    </Box>
  );
}

export function InspectorPanel({
  recorder,
  draw,
  defaultOpen = true,
}: {
  recorder: InspectorRecorder;
  draw: DrawDiagram;
  defaultOpen?: boolean;
}) {
  const { actors, log } = useSyncExternalStore(recorder.subscribe, recorder.getState, recorder.getState);
  const [open, setOpen] = useState(defaultOpen);
  const [chosen, setChosen] = useState<string | null>(null);
  const [allActors, setAllActors] = useState(false);
  const rows = useMemo(() => actorTree(actors), [actors]);
  const selected = actors.find((a) => a.sessionId === chosen) ?? rows[0]?.actor;
  const shownLog = useMemo(
    () =>
      log
        .filter((e) => allActors || e.sessionId === selected?.sessionId)
        .slice(-SHOWN_LOG)
        .reverse(),
    [log, allActors, selected?.sessionId],
  );

  // While open, the page's flow leaves room for the panel (fixed elements, e.g. dialogs, still span
  // the window); on a narrow window the panel covers the page instead.
  useEffect(() => {
    if (!open || !window.matchMedia?.('(min-width: 48em)').matches) return;
    const root = document.documentElement;
    const before = root.style.paddingRight;
    root.style.paddingRight = PANEL_WIDTH;
    return () => {
      root.style.paddingRight = before;
    };
  }, [open]);

  if (!open) {
    return (
      <Button position="fixed" bottom="3" right="3" zIndex="2000" size="xs" colorPalette="gray" onClick={() => setOpen(true)}>
        Inspector
      </Button>
    );
  }

  return (
    <Flex
      as="aside"
      aria-label="Statechart inspector"
      direction="column"
      position="fixed"
      top="0"
      right="0"
      h="100vh"
      w={{ base: '100vw', md: PANEL_WIDTH }}
      zIndex="2000"
      bg="bg"
      color="fg"
      borderLeftWidth="1px"
      boxShadow="lg"
      overflowY="auto"
      p="3"
      gap="3"
      fontSize="sm"
    >
      <HStack justify="space-between">
        <Heading as="h2" size="sm">
          Statechart inspector{' '}
          <Text as="span" color="fg.muted" fontWeight="normal">
            (development)
          </Text>
        </Heading>
        <Button size="xs" variant="outline" onClick={() => setOpen(false)}>
          Hide
        </Button>
      </HStack>

      <Stack as="section" aria-label="Running actors" gap="0">
        <Heading as="h3" size="xs" mb="1">
          Running actors ({rows.length})
        </Heading>
        <Box as="ul" maxH="30vh" overflowY="auto" borderWidth="1px" borderRadius="md" p="1">
          {rows.map(({ actor, depth }) => (
            <Box as="li" key={actor.sessionId} listStyleType="none" ps={`${depth * 14}px`}>
              <Button
                size="2xs"
                variant={actor.sessionId === selected?.sessionId ? 'solid' : 'ghost'}
                justifyContent="flex-start"
                w="full"
                fontWeight="normal"
                aria-pressed={actor.sessionId === selected?.sessionId}
                onClick={() => setChosen(actor.sessionId)}
              >
                <Text as="span" fontWeight="semibold">
                  {actor.label}
                </Text>
                <Text as="span" fontFamily="mono" truncate>
                  {actor.state}
                </Text>
              </Button>
            </Box>
          ))}
        </Box>
      </Stack>

      {selected && (
        <Stack as="section" aria-label="Statechart" gap="1">
          <Heading as="h3" size="xs">
            {selected.label}: <Code>{selected.state}</Code>
          </Heading>
          {selected.machine ? (
            <Statechart machine={selected.machine} activePaths={selected.activePaths} draw={draw} />
          ) : (
            <Text color="fg.muted">Not a state machine: no statechart ({selected.state}).</Text>
          )}
        </Stack>
      )}

      <Stack as="section" aria-label="Event log" gap="1">
        <HStack justify="space-between">
          <Heading as="h3" size="xs">
            Event log
          </Heading>
          <Button size="2xs" variant="outline" aria-pressed={allActors} onClick={() => setAllActors((v) => !v)}>
            {allActors ? 'Selected actor only' : 'All actors'}
          </Button>
        </HStack>
        <Box as="ol" data-testid="inspector-log" m="0" p="0">
          {shownLog.map((entry) => (
            <LogRow key={entry.seq} entry={entry} showActor={allActors} />
          ))}
        </Box>
        {shownLog.length === 0 && <Text color="fg.muted">No events yet.</Text>}
      </Stack>
    </Flex>
  );
}
