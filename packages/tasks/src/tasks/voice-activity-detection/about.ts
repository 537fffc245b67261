export const voiceActivityDetectionAbout = `## Where it is used

### Before speech recognition
Send only the speech regions to an ASR model: compute drops, long silences stop producing hallucinated text, and the segments become natural chunks for batching.

### Turn-taking in voice agents
A streaming VAD tells a voice assistant when the user has started and stopped talking, so it can listen, interrupt or reply at the right moment.

### Telephony and conferencing
Suppress transmission during silence to save bandwidth, or show who is speaking in a call.

### Dataset preparation
Trim silence and split long recordings into utterances before training TTS or ASR models.

## How VAD models work
The audio is cut into short frames (10 to 30 ms). A small network outputs a speech probability per frame, and post-processing turns those into segments:
- an **onset** threshold starts a segment and a lower **offset** threshold ends it (hysteresis avoids flicker),
- segments shorter than a minimum duration are dropped,
- gaps shorter than a minimum silence are bridged.

Tuning these few parameters on your own audio usually matters more than the choice of model.

## How to run it

With pyannote.audio (accept the model's conditions on the Hub and pass an access token):

~~~python
from pyannote.audio import Model
from pyannote.audio.pipelines import VoiceActivityDetection

segmenter = Model.from_pretrained("pyannote/segmentation-3.0", use_auth_token="hf_...")
detector = VoiceActivityDetection(segmentation=segmenter)
detector.instantiate({"min_duration_on": 0.25, "min_duration_off": 0.1})

regions = detector("standup_meeting.wav")
for segment in regions.get_timeline().support():
    print(f"speech from {segment.start:6.2f}s to {segment.end:6.2f}s")
~~~

With the lightweight Silero model for real-time use:

~~~python
from silero_vad import get_speech_timestamps, load_silero_vad, read_audio

vad_model = load_silero_vad()
samples = read_audio("doorbell_camera.wav", sampling_rate=16000)
for span in get_speech_timestamps(samples, vad_model, sampling_rate=16000, return_seconds=True):
    print(span["start"], "->", span["end"])
~~~

## Evaluating
Compare predicted regions with reference annotations using detection error rate (missed speech plus false alarms). Apply a small collar around reference boundaries, since human labels are rarely frame-exact. Test on your real conditions: music, TV in the background and far-field microphones are the usual failure cases.

## Resources
- [pyannote.audio repository](https://github.com/pyannote/pyannote-audio)
- [Silero VAD repository](https://github.com/snakers4/silero-vad)
- [SpeechBrain VAD tutorial](https://speechbrain.readthedocs.io/)
- [pyannote.metrics: detection and diarisation metrics](https://pyannote.github.io/pyannote-metrics/)
`;
