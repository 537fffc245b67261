import type { TaskDataCustom } from "../task-data.js";
import { roboticsAbout } from "./about.js";

export const roboticsTask: TaskDataCustom = {
  summary:
    "Robotics models map what a robot senses (camera images, joint positions, sometimes a language instruction) to the motor commands it should execute next. Most current policies are learned from human demonstrations by imitation, and vision-language-action models add the ability to follow written instructions.",
  datasets: [
    {
      id: "lerobot/aloha_sim_insertion_human",
      description: "Simulated two-arm ALOHA demonstrations of inserting a peg into a socket.",
    },
    {
      id: "lerobot/svla_so101_pickplace",
      description: "Teleoperated pick-and-place episodes recorded on a low-cost SO-101 arm.",
    },
    {
      id: "lerobot/pusht",
      description: "Demonstrations of pushing a T-shaped block onto a target pose in 2D.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "robotics-input-camera.png" },
      { type: "text", label: "Instruction", content: "Pick up the red cube and place it in the green tray." },
    ],
    outputs: [
      { type: "img", filename: "robotics-output-trajectory.png" },
      {
        type: "text",
        label: "Action chunk (first step)",
        content: "shoulder_pan +0.12 rad · elbow −0.08 rad · wrist_roll +0.03 rad · gripper: open",
      },
    ],
  },
  metrics: [
    {
      id: "success_rate",
      description: "Share of trials in which the robot completes the task, the main real-world score.",
    },
    {
      id: "average_max_reward",
      description:
        "Mean of the best per-episode reward in simulation, capturing partial progress toward the goal.",
    },
    {
      id: "episode_length",
      description: "Time or steps needed to finish successful episodes; lower is better.",
    },
  ],
  models: [
    {
      id: "lerobot/smolvla_base",
      description:
        "Compact vision-language-action model meant to be fine-tuned on a few dozen demonstrations.",
    },
    {
      id: "lerobot/act_aloha_sim_transfer_cube_human",
      description: "Action Chunking Transformer policy that hands a cube between two simulated arms.",
    },
    { id: "lerobot/diffusion_pusht", description: "Diffusion Policy trained to solve the Push-T task." },
    {
      id: "openvla/openvla-7b",
      description: "7B vision-language-action model trained on the Open X-Embodiment robot data.",
    },
  ],
  spaces: [
    {
      id: "lerobot/visualize_dataset",
      description: "Browse any LeRobot dataset episode by episode with synchronised video and joint plots.",
    },
    {
      id: "pollen-robotics/microduck-simulator",
      description: "In-browser physics simulation of a small walking robot.",
    },
  ],
  widgetModels: ["lerobot/smolvla_base"],
  libraries: ["lerobot", "transformers"],
  about: roboticsAbout,
};
