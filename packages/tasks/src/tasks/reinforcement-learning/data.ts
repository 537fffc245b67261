import type { TaskDataCustom } from "../task-data.js";
import { reinforcementLearningAbout } from "./about.js";

export const reinforcementLearningTask: TaskDataCustom = {
  summary:
    "Reinforcement learning trains an agent to choose actions in an environment so that it collects as much reward as possible over time. The agent learns by trial and error, or from logged experience, rather than from labelled examples.",
  datasets: [
    {
      id: "edbeeching/decision_transformer_gym_replay",
      description: "Recorded MuJoCo locomotion trajectories (D4RL) for offline RL and Decision Transformers.",
    },
    {
      id: "jat-project/jat-dataset",
      description:
        "Expert episodes from Atari, MuJoCo, Meta-World and BabyAI gathered for a generalist agent.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "reinforcement-learning-input-environment.png" },
      {
        type: "text",
        label: "Observation",
        content: "Agent at (0, 0), goal at (5, 5), walls marked in dark grey.",
      },
    ],
    outputs: [
      { type: "img", filename: "reinforcement-learning-output-trajectory.png" },
      { type: "text", label: "Episode", content: "Actions: → → ↓ ↓ ↓ ↘ → → ↓ · return: +0.91 · steps: 9" },
    ],
  },
  metrics: [
    {
      id: "mean_reward",
      description:
        "Average total reward per episode over a set of evaluation runs; the headline number for RL.",
    },
    { id: "success_rate", description: "Share of evaluation episodes in which the agent reaches its goal." },
    {
      id: "sample_efficiency",
      description: "Environment steps needed to reach a target return; matters when interaction is costly.",
    },
  ],
  models: [
    {
      id: "sb3/ppo-LunarLander-v2",
      description: "Stable-Baselines3 PPO agent that lands the lunar module between the flags.",
    },
    {
      id: "sb3/dqn-SpaceInvadersNoFrameskip-v4",
      description: "DQN agent playing Atari Space Invaders from raw pixels.",
    },
    {
      id: "edbeeching/decision-transformer-gym-hopper-medium",
      description: "Decision Transformer that treats control as sequence modelling on logged Hopper data.",
    },
  ],
  spaces: [
    {
      id: "huggingface-projects/Deep-Reinforcement-Learning-Leaderboard",
      description: "Leaderboard of community agents across classic RL environments.",
    },
    {
      id: "ThomasSimonini/Huggy",
      description: "Play fetch with a dog agent trained with ML-Agents, in the browser.",
    },
    {
      id: "ThomasSimonini/ML-Agents-SnowballTarget",
      description: "Watch an ML-Agents policy shoot snowballs at moving targets.",
    },
  ],
  widgetModels: ["sb3/ppo-LunarLander-v2"],
  libraries: ["stable-baselines3", "ml-agents", "sample-factory", "transformers"],
  about: reinforcementLearningAbout,
};
