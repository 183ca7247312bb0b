/**
 * `GET /_cat/repositories` and `/_cat/snapshots/{repository}` (ES 5.6 `RestRepositoriesAction`,
 * `RestSnapshotAction`). Strata has no snapshot support and so no repositories: the
 * repositories table is empty and every named repository is `repository_missing_exception`,
 * exactly as ES answers on a node where none is registered.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { EsError, actionRequestValidation } from '../../../lib/errors/errors.js';

const REPOSITORY_COLUMNS: CatColumn[] = [
  { name: 'id', aliases: ['id', 'repoId'], desc: 'unique repository id' },
  { name: 'type', aliases: ['t'], desc: 'repository type' },
];

/** The snapshot columns, for `help` (no row can exist). */
const SNAPSHOT_COLUMNS: CatColumn[] = [
  { name: 'id', aliases: ['id', 'snapshot'], desc: 'unique snapshot id' },
  { name: 'status', aliases: ['s'], desc: 'snapshot name' },
  { name: 'start_epoch', aliases: ['ste', 'startEpoch'], desc: 'start time in seconds since 1970-01-01 00:00:00' },
  { name: 'start_time', aliases: ['sti', 'startTime'], desc: 'start time in HH:MM:SS' },
  { name: 'end_epoch', aliases: ['ete', 'endEpoch'], desc: 'end time in seconds since 1970-01-01 00:00:00' },
  { name: 'end_time', aliases: ['eti', 'endTime'], desc: 'end time in HH:MM:SS' },
  { name: 'duration', aliases: ['dur'], desc: 'duration', align: 'right' },
  { name: 'indices', aliases: ['i'], desc: 'number of indices', align: 'right' },
  { name: 'successful_shards', aliases: ['ss'], desc: 'number of successful shards', align: 'right' },
  { name: 'failed_shards', aliases: ['fs'], desc: 'number of failed shards', align: 'right' },
  { name: 'total_shards', aliases: ['ts'], desc: 'number of total shards', align: 'right' },
  { name: 'reason', aliases: ['r'], desc: 'reason for failures', default: false },
];

export function catSnapshotRoutes(_ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/repositories'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        return catResponse(req, { columns: REPOSITORY_COLUMNS, rows: [] });
      },
    },
    {
      methods: ['GET'],
      paths: ['/_cat/snapshots', '/_cat/snapshots/{repository}'],
      params: [...CAT_PARAMS, 'ignore_unavailable', 'master_timeout'],
      handler: (req) => {
        req.param('master_timeout');
        req.paramAsBool('ignore_unavailable', false);
        if (req.paramAsBool('help', false)) return catResponse(req, { columns: SNAPSHOT_COLUMNS, rows: [] });
        const repository = req.pathParams.repository;
        if (repository === undefined) throw actionRequestValidation(['repository is missing']);
        throw new EsError('repository_missing_exception', 404, `[${repository}] missing`);
      },
    },
  ];
}
