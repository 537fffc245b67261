export const roboticsAbout = `## Where it is used

### Manipulation
Picking, placing, sorting, folding laundry, plugging cables: tasks where a gripper must react to where objects actually are.

### Mobile and legged robots
Walking, balancing and navigating policies, usually trained in simulation and transferred to hardware.

### Low-cost research and teaching arms
Open hardware such as the SO-100/SO-101 arms lets students and hobbyists record demonstrations and train policies on a single GPU.

## How learned robot policies work
1. **Collect demonstrations**: a person teleoperates the robot (for example with a leader arm) while cameras and joint encoders are recorded at a fixed rate.
2. **Train a policy** that maps observations to actions. Popular choices:
   - *ACT* predicts a chunk of future actions at once, which smooths motion.
   - *Diffusion Policy* denoises an action sequence, handling tasks with several valid ways to succeed.
   - *Vision-language-action models* (SmolVLA, OpenVLA, pi0) add a language instruction and pre-training on many robots.
3. **Evaluate on the robot**: run many trials with varied object positions and count successes.

Reinforcement learning is often added on top, in simulation, to improve robustness beyond the demonstrations.

## How to run it

Load a dataset and inspect one frame with LeRobot (module paths differ slightly between LeRobot releases):

~~~python
from lerobot.datasets.lerobot_dataset import LeRobotDataset

demos = LeRobotDataset("lerobot/pusht")
print(demos.num_episodes, "episodes at", demos.fps, "fps")
frame = demos[0]
print({key: tuple(value.shape) for key, value in frame.items() if hasattr(value, "shape")})
~~~

Run a pre-trained policy step by step:

~~~python
import torch
from lerobot.policies.act.modeling_act import ACTPolicy

policy = ACTPolicy.from_pretrained("lerobot/act_aloha_sim_transfer_cube_human").eval()
policy.reset()  # clears the queued action chunk between episodes
with torch.no_grad():
    command = policy.select_action(observation)  # dict of batched camera and joint tensors from your env
print(command.shape)
~~~

Fine-tune a VLA on your own recordings from the command line:

~~~bash
lerobot-train --policy.path=lerobot/smolvla_base --dataset.repo_id=your-name/kitchen_pick_place --batch_size=32 --steps=20000
~~~

## Tips from practice
- Fifty consistent demonstrations beat two hundred sloppy ones; vary object positions on purpose.
- Keep camera placement and lighting identical between recording and deployment.
- Record at the same control frequency you will run the policy at.
- Always test with a hand near the emergency stop.

## Resources
- [LeRobot documentation](https://huggingface.co/docs/lerobot)
- [LeRobot repository](https://github.com/huggingface/lerobot)
- [ACT paper: learning fine-grained bimanual manipulation](https://arxiv.org/abs/2304.13705)
- [Diffusion Policy project page](https://diffusion-policy.cs.columbia.edu/)
- [Open X-Embodiment dataset and RT-X models](https://robotics-transformer-x.github.io/)
`;
