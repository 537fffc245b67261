import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { hasTag } from "./common.js";

/** LeRobot: install, fine-tune the policy on a dataset, and (for fine-tuned policies) run it on a robot. */
export function lerobotSnippets(model: ModelData): string[] {
  const isSmolVla = hasTag(model, "smolvla");
  const extra = isSmolVla ? "lerobot[smolvla]" : "lerobot";
  const blocks = [
    shell`pip install -U ${extra}

lerobot-train \\
    --policy.path=${model.id} \\
    --dataset.repo_id=lerobot/svla_so101_pickplace \\
    --batch_size=64 \\
    --steps=20000 \\
    --output_dir=outputs/train/finetuned_policy \\
    --policy.device=cuda`,
  ];
  if (!model.id.endsWith("_base")) {
    blocks.push(shell`# Set the port, robot id, cameras and dataset names to your own setup
lerobot-record \\
    --robot.type=so101_follower \\
    --robot.port=/dev/ttyACM0 \\
    --robot.id=my_follower_arm \\
    --dataset.single_task="Put the block in the bin." \\
    --dataset.repo_id=your-user/eval_dataset \\
    --dataset.num_episodes=10 \\
    --policy.path=${model.id}`);
  }
  return blocks;
}
