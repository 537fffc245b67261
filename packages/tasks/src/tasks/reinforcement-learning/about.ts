export const reinforcementLearningAbout = `## The vocabulary in one paragraph
An **agent** observes the **state** of an **environment**, picks an **action** according to its **policy**, and receives a **reward** and the next state. An **episode** runs until a goal or time limit is reached. The agent's objective is the expected **return**: the sum of (discounted) rewards over the episode. Value-based methods (DQN) learn how good each action is; policy-gradient methods (PPO, SAC) adjust the policy directly; offline methods learn only from previously logged trajectories.

## Where it is used
- **Games and simulation**: from Atari and board games to NPC behaviour in commercial titles.
- **Robotics and control**: locomotion and manipulation policies trained in simulation, then transferred to hardware (see the robotics task).
- **Operations**: data-centre cooling, traffic-signal timing, inventory and bidding policies.
- **Language models**: reinforcement learning from human or verifiable feedback shapes how chat models answer and reason.

## How to run it

Download a trained agent from the Hub and watch its score:

~~~python
import gymnasium as gym
from huggingface_sb3 import load_from_hub
from stable_baselines3 import PPO
from stable_baselines3.common.evaluation import evaluate_policy

zip_path = load_from_hub(repo_id="sb3/ppo-LunarLander-v2", filename="ppo-LunarLander-v2.zip")
pilot = PPO.load(zip_path)
arena = gym.make("LunarLander-v2")  # newer gymnasium releases renamed it LunarLander-v3
avg, spread = evaluate_policy(pilot, arena, n_eval_episodes=10, deterministic=True)
print(f"mean return {avg:.1f} ± {spread:.1f}")
~~~

Train your own agent in a few lines:

~~~python
import gymnasium as gym
from stable_baselines3 import PPO

balance = gym.make("CartPole-v1")
learner = PPO("MlpPolicy", balance, n_steps=1024, verbose=0, seed=42)
learner.learn(total_timesteps=60_000)
learner.save("ppo-cartpole")  # push it to the Hub with huggingface_sb3 if you like
~~~

## Making training work
- **Start with a known-good setup**: tuned hyper-parameters from RL Zoo save days of debugging.
- **Normalise observations and rewards**, and clip extreme values.
- **Run several seeds**: RL results vary a lot between runs; report the mean and spread.
- **Shape rewards with care**: agents exploit loopholes in the reward function (reward hacking).
- **Vectorise environments** to collect experience in parallel; throughput dominates wall-clock time.

## Sharing agents
A useful Hub repository contains the policy weights, the exact environment id and version, evaluation results (mean reward over N episodes) in the model card, and ideally a replay video.

## Resources
- [Hugging Face Deep Reinforcement Learning course](https://huggingface.co/learn/deep-rl-course)
- [Stable-Baselines3 documentation](https://stable-baselines3.readthedocs.io/)
- [Gymnasium environments](https://gymnasium.farama.org/)
- [Spinning Up in Deep RL (OpenAI)](https://spinningup.openai.com/)
- [Sutton and Barto, Reinforcement Learning: An Introduction](http://incompleteideas.net/book/the-book-2nd.html)
`;
