/**
 * The machine graph (state nodes, transition edges) lives in src/dev/statechart/machineGraph.ts,
 * shared with the statechart docs and the dev inspector; the model harness reads it from here.
 */
export * from '../../../src/dev/statechart/machineGraph';
