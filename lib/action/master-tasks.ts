/**
 * The metadata tasks the elected master runs for other nodes (`master:task`, lib/action/master-task.ts),
 * by name. Each action module exports its task beside the request code that runs it.
 */
import type { MasterTaskFn } from './master-task.js';
import { CREATE_INDEX_TASK, createIndexTask } from './indices/create-index.js';
import { DELETE_INDEX_TASK, deleteIndexTask } from './indices/delete-index.js';
import { PUT_MAPPING_TASK, putMappingTask } from './indices/put-mapping.js';
import { UPDATE_SETTINGS_TASK, updateSettingsTask } from './indices/update-settings.js';
import { UPDATE_ALIASES_TASK, applyAliasActions } from './aliases/update-aliases.js';
import { DYNAMIC_MAPPING_TASK, dynamicMappingTask } from '../indices/dynamic-mapping-task.js';
import { PUT_TEMPLATE_TASK, putTemplateTask } from './templates/put-template.js';
import { DELETE_TEMPLATE_TASK, deleteTemplateTask } from './templates/get-template.js';
import { PUT_PIPELINE_TASK, putPipelineTask, DELETE_PIPELINE_TASK, deletePipelineTask } from '../ingest/pipeline-store.js';
import { PUT_STORED_SCRIPT_TASK, putStoredScriptTask, DELETE_STORED_SCRIPT_TASK, deleteStoredScriptTask } from './templates/stored-search-templates.js';
import { CLUSTER_SETTINGS_TASK, clusterSettingsTask } from './search/cluster-settings.js';
import { INDEX_STATE_TASK, indexStateTask } from './indices/open-close.js';
import { ROLLOVER_TASK, rolloverTask } from './rollover/rollover.js';

/** Every task by name (built per call: no module-level state). */
export function masterTasks(): ReadonlyMap<string, MasterTaskFn<never>> {
  return new Map<string, MasterTaskFn<never>>([
    [CREATE_INDEX_TASK, createIndexTask as MasterTaskFn<never>],
    [DELETE_INDEX_TASK, deleteIndexTask as MasterTaskFn<never>],
    [PUT_MAPPING_TASK, putMappingTask as MasterTaskFn<never>],
    [UPDATE_SETTINGS_TASK, updateSettingsTask as MasterTaskFn<never>],
    [UPDATE_ALIASES_TASK, applyAliasActions as MasterTaskFn<never>],
    [DYNAMIC_MAPPING_TASK, dynamicMappingTask as MasterTaskFn<never>],
    [PUT_TEMPLATE_TASK, putTemplateTask as MasterTaskFn<never>],
    [DELETE_TEMPLATE_TASK, deleteTemplateTask as MasterTaskFn<never>],
    [PUT_PIPELINE_TASK, putPipelineTask as MasterTaskFn<never>],
    [DELETE_PIPELINE_TASK, deletePipelineTask as MasterTaskFn<never>],
    [PUT_STORED_SCRIPT_TASK, putStoredScriptTask as MasterTaskFn<never>],
    [DELETE_STORED_SCRIPT_TASK, deleteStoredScriptTask as MasterTaskFn<never>],
    [CLUSTER_SETTINGS_TASK, clusterSettingsTask as MasterTaskFn<never>],
    [INDEX_STATE_TASK, indexStateTask as MasterTaskFn<never>],
    [ROLLOVER_TASK, rolloverTask as MasterTaskFn<never>],
  ]);
}
