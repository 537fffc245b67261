import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../../lib/api-client.js";
import type { TaskEntry } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";

/** `/api/tasks` answers an object keyed by task id (as the public Hub). */
export async function getTasks(): Promise<TaskEntry[]> {
  const body = await requestJson<Record<string, TaskEntry>>(apiPaths.tasks());
  return Object.values(body).sort((a, b) => a.label.localeCompare(b.label));
}

export function useTasks() {
  return useQuery({ queryKey: ["tasks"], queryFn: getTasks, staleTime: 10 * 60_000 });
}

export function getTask(task: string): Promise<TaskEntry> {
  return requestJson<TaskEntry>(apiPaths.task(task));
}

export function useTask(task: string) {
  return useQuery({ queryKey: ["task", task], queryFn: () => getTask(task), staleTime: 10 * 60_000 });
}
