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
    --dataset.repo_id=your-user/your_dataset \\
    --policy.path=${model.id} \\
    --policy.device=cuda \\
    --steps=20000 \\
    --batch_size=32 \\
    --output_dir=outputs/train/finetuned_policy`,
  ];
  if (!model.id.endsWith("_base")) {
    blocks.push(shell`# Set the port, robot id, cameras and dataset names to your own setup
lerobot-record \\
    --policy.path=${model.id} \\
    --robot.id=my_follower_arm \\
    --robot.port=/dev/ttyACM0 \\
    --robot.type=so101_follower \\
    --dataset.single_task="Put the block in the bin." \\
    --dataset.repo_id=your-user/eval_dataset \\
    --dataset.num_episodes=10`);
  }
  return blocks;
}
