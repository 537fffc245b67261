export { TASKS_DATA } from "./catalogue.js";
export type { TaskData, TaskDataCustom, DemoEntry, TaskDemo, ExampleRepo, TaskMetric } from "./task-data.js";
export { getTaskPageData, placeholderTaskData } from "./placeholder.js";
