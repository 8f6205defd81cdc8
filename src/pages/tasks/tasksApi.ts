import { requestContent } from '../../../providers/httpClient';

/** Calls of the task pages besides the engine's list and actions (server/tasks/tasks.routes.ts). */

export interface Option {
  id: number;
  name: string;
}

export interface WorkerOption extends Option {
  idMasked: string;
  mobile: string;
}

export interface TaskMember {
  id: number;
  workerId: number;
  name: string;
  idMasked: string;
  mobile: string;
  signStatus: number;
  amount: number;
  createTime: string;
}

export interface TaskValues {
  title: string;
  industryId: number | null;
  description: string;
  headcount: number | null;
  pricing: number;
  unitPrice: number | null;
  totalAmount: number | null;
  startDate: string;
  endDate: string;
}

export interface TaskOverview {
  statusCounts: { status: number; name: string; count: number }[];
  taskCount: number;
  workerCount: number;
  settledAmount: number;
  paidAmount: number;
  paidCount: number;
  recent: {
    id: number;
    taskNo: string;
    title: string;
    status: number;
    headcount: number;
    assignedCount: number;
    startDate: string;
    endDate: string;
    createTime: string;
    companyName: string | null;
  }[];
}

export const searchIndustries = (name: string) =>
  requestContent<Option[]>('/api/v1/tasks/industries', { query: { name }, silent: true, background: true });

export const searchCandidates = (taskId: number, name: string) =>
  requestContent<WorkerOption[]>(`/api/v1/tasks/${taskId}/candidates`, {
    query: { name },
    silent: true,
    background: true,
  });

export const taskMembers = (taskId: number) =>
  requestContent<TaskMember[]>(`/api/v1/tasks/${taskId}/members`, { silent: true });

export const assignWorkers = (taskId: number, workerIds: number[]) =>
  requestContent<{ added: number }>(`/api/v1/tasks/${taskId}/members`, {
    method: 'POST',
    json: { workerIds },
    silent: true,
  });

export const removeWorker = (taskId: number, workerId: number) =>
  requestContent(`/api/v1/tasks/${taskId}/members/${workerId}`, { method: 'DELETE', silent: true });

export const saveTask = (values: TaskValues, id?: number) =>
  requestContent<{ id: number }>(id === undefined ? '/api/v1/tasks' : `/api/v1/tasks/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    json: values,
    silent: true,
  });

export const settleTask = (id: number) =>
  requestContent<{ draftId: number }>(`/api/v1/tasks/${id}/settle`, { method: 'POST', json: {}, silent: true });

export const taskOverview = () => requestContent<TaskOverview>('/api/v1/tasks/overview', { silent: true });
