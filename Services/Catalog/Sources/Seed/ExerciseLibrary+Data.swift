// The exercise library that ships with gym-catalog: written for this project, in the
// JSON format that `gymctl import exercises FILE` reads (an array of
// gym.catalog.v1.Exercise in proto JSON). Media links are YouTube searches, never
// invented video ids. Edit here and raise `ExerciseLibrary.version` to load changes.

extension ExerciseLibrary {
  static let json = #"""
[
 {
  "slug": "ab-wheel-rollout",
  "name": "Ab Wheel Rollout",
  "aliases": [
   "Ab Roller",
   "Rollout"
  ],
  "description": "A kneeling exercise where you roll an ab wheel forward and back while keeping the trunk rigid. It is a demanding anti-extension exercise for the abs and lats and suits people who can already hold a strong plank.",
  "instructions": [
   "Kneel on a mat and hold the ab wheel handles with the wheel on the floor under your shoulders.",
   "Brace your abs, squeeze your glutes and tuck your pelvis slightly so your back is flat or very slightly rounded.",
   "Slowly roll the wheel forward, letting your hips and arms extend together.",
   "Go only as far as you can while keeping your lower back from sagging.",
   "Pull the wheel back toward your knees using your abs and lats, keeping your arms straight.",
   "Return to the start and repeat."
  ],
  "common_mistakes": [
   "Letting the lower back sag at the far end: it puts heavy load on the spine; shorten the range, or roll toward a wall so the wheel stops where you can still control it.",
   "Pushing the hips back first on the return: it turns the movement into a hip hinge and skips the abs; bring hips and shoulders back together as one unit.",
   "Bending the elbows: it shortens the lever and hides weakness; keep the arms straight throughout."
  ],
  "primary_muscles": [
   "ABS"
  ],
  "secondary_muscles": [
   "LATS",
   "OBLIQUES",
   "HIP_FLEXORS"
  ],
  "equipment": [
   "AB_WHEEL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=ab+wheel+rollout+form"
   }
  ]
 },
 {
  "slug": "ankle-dorsiflexion-mobilization",
  "name": "Ankle Dorsiflexion Mobilization",
  "aliases": [
   "Knee-to-Wall Ankle Mobilization",
   "Ankle Rocks"
  ],
  "description": "A half-kneeling drill where you rock your knee forward over your toes toward a wall while keeping the heel down. It improves ankle bend for squats, lunges and running and suits all levels.",
  "instructions": [
   "Get into a half-kneeling position facing a wall, with your front foot flat and a few inches from the wall.",
   "Keep your heel firmly on the floor and drive your front knee forward toward the wall, in line with your second and third toes.",
   "Go as far as you can without the heel lifting, pause for 2-3 seconds, then come back.",
   "Repeat for 10-15 slow reps.",
   "Move your foot slightly farther from the wall as your range improves, then switch sides."
  ],
  "common_mistakes": [
   "Letting the heel lift: it hides the limited ankle range; keep the heel pinned and reduce the distance if needed.",
   "Letting the knee cave inward: it stresses the knee and arch; aim the knee over the middle toes.",
   "Pushing through a sharp pinch at the front of the ankle: it irritates the joint; ease off and stay in a pain-free range."
  ],
  "primary_muscles": [
   "CALVES"
  ],
  "secondary_muscles": [],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "MOBILITY",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=ankle+dorsiflexion+mobilization+form"
   }
  ]
 },
 {
  "slug": "arnold-press",
  "name": "Arnold Press",
  "aliases": [
   "Arnold Dumbbell Press"
  ],
  "description": "A seated dumbbell press that starts with the palms facing you and rotates them outward as you press overhead. The rotation works the front and side shoulders through a long range and suits lifters comfortable with the standard dumbbell shoulder press.",
  "instructions": [
   "Sit on an upright bench holding dumbbells in front of your shoulders at about chin height, palms facing you and elbows in front of your body.",
   "Press your back against the pad and brace your abs.",
   "Begin pressing the dumbbells up while rotating your palms outward and letting your elbows move out to the sides.",
   "Finish with your arms straight overhead and palms facing forward.",
   "Reverse the path as you lower, rotating your palms back toward you as the dumbbells return to the start.",
   "Repeat smoothly for the set."
  ],
  "common_mistakes": [
   "Rushing the rotation: a jerky twist loses control and strains the shoulders; rotate smoothly as the dumbbells rise and fall.",
   "Arching the lower back to finish the rep: it stresses the spine; keep your back against the pad and reduce the weight.",
   "Using the same weight as a standard press: the long range makes it harder; start lighter than your usual dumbbell press."
  ],
  "primary_muscles": [
   "FRONT_DELTS",
   "SIDE_DELTS"
  ],
  "secondary_muscles": [
   "TRICEPS"
  ],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=arnold+press+form"
   }
  ]
 },
 {
  "slug": "back-extension",
  "name": "Back Extension",
  "aliases": [
   "45-Degree Back Extension",
   "Hyperextension",
   "Roman Chair Back Extension"
  ],
  "description": "Hinging forward and back up with the hips braced on a 45-degree or horizontal back extension bench. It strengthens the lower back, glutes and hamstrings and suits beginners when done with control.",
  "instructions": [
   "Adjust the pad so its top sits just below your hip bones, then hook your heels under the foot rollers.",
   "Cross your arms over your chest (or hold a plate later) and straighten your body into a line.",
   "Hinge at the hips to lower your torso slowly until you feel a hamstring stretch, keeping the back neutral.",
   "Squeeze your glutes and hamstrings to raise your torso until your body is in a straight line again.",
   "Pause briefly and repeat without swinging."
  ],
  "common_mistakes": [
   "Overextending past straight at the top: it compresses the lower back; stop when your body forms a straight line.",
   "Setting the pad too high on the stomach: it blocks the hinge and forces the spine to round; set it below the hip bones.",
   "Swinging fast for reps: momentum jars the lower back; move slowly and pause at the top."
  ],
  "primary_muscles": [
   "LOWER_BACK",
   "GLUTES",
   "HAMSTRINGS"
  ],
  "secondary_muscles": [],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=back+extension+form"
   }
  ]
 },
 {
  "slug": "back-squat",
  "name": "Back Squat",
  "aliases": [
   "Barbell Back Squat",
   "High-Bar Squat",
   "Low-Bar Squat"
  ],
  "description": "A barbell squat with the bar resting across the upper back. It is the classic lower-body strength builder for the quads and glutes and suits lifters who can already squat well with bodyweight or a goblet squat.",
  "instructions": [
   "Set the bar in a rack at mid-chest height and set the safety arms just below the depth you will reach.",
   "Step under the bar, rest it on the upper traps (not the neck), grip it firmly just outside the shoulders and squeeze your shoulder blades together.",
   "Stand up to unrack, take two or three small steps back and set your feet about shoulder-width apart with toes turned slightly out.",
   "Take a big breath into your belly and brace your trunk as if about to be poked in the stomach.",
   "Sit down and back by bending hips and knees together, keeping knees tracking over your toes and your whole foot on the floor.",
   "Descend until your thighs are about parallel to the floor or as deep as you can keep a neutral back, then drive up through the midfoot and exhale near the top."
  ],
  "common_mistakes": [
   "Knees caving inward on the way up: it stresses the knee and leaks force; push the knees out over the toes and reduce the load until you can control it.",
   "Rounding the lower back at the bottom (butt wink) under heavy load: it shifts stress onto the spine; squat only as deep as you can hold a neutral back and work on ankle and hip mobility.",
   "Squatting heavy without safety arms or a spotter: a failed rep can pin you; always set the safeties so you can sit the bar down safely.",
   "Letting the heels lift or the chest collapse forward: it turns the squat into a good morning; keep weight over the midfoot and brace before every rep."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "ADDUCTORS",
   "HAMSTRINGS",
   "LOWER_BACK",
   "ABS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=back+squat+form"
   }
  ]
 },
 {
  "slug": "band-external-rotation",
  "name": "Band External Rotation",
  "aliases": [
   "Resistance Band External Rotation",
   "Band Shoulder External Rotation"
  ],
  "description": "A light strengthening exercise where you rotate your forearm outward against a band with the elbow pinned to your side. It strengthens the rotator cuff for healthier shoulders and suits all levels as warm-up or prehab.",
  "instructions": [
   "Anchor a light resistance band at elbow height and stand side-on to it with the anchor on your left.",
   "Hold the band in your right hand with your elbow bent to 90 degrees and tucked against your side; a rolled towel between elbow and ribs helps.",
   "Start with your right forearm across your stomach.",
   "Keeping your elbow at your side, rotate your forearm outward away from your body as far as is comfortable.",
   "Pause for a second, then return slowly to the start.",
   "Complete the reps, then turn around and repeat with your left arm."
  ],
  "common_mistakes": [
   "Letting the elbow drift away from the side: it shifts the work to the deltoid; keep the elbow pinned, using a towel as a reminder.",
   "Using a band that is too strong and twisting the torso to move it: it takes the rotator cuff out of the exercise; choose a light band and keep the chest facing forward.",
   "Letting the band snap back: the return phase is valuable; control it over about two seconds."
  ],
  "primary_muscles": [
   "ROTATOR_CUFF"
  ],
  "secondary_muscles": [
   "REAR_DELTS"
  ],
  "equipment": [
   "RESISTANCE_BAND"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=band+external+rotation+form"
   }
  ]
 },
 {
  "slug": "band-pull-apart",
  "name": "Band Pull-Apart",
  "aliases": [
   "Resistance Band Pull-Apart",
   "Pull-Apart"
  ],
  "description": "A light band exercise that stretches a resistance band across the chest by pulling the hands apart. It strengthens the rear delts and upper back, works well as a warm-up or posture exercise, and suits complete beginners.",
  "instructions": [
   "Hold a light resistance band in front of you at shoulder height with straight arms, hands about shoulder width apart and palms down.",
   "Stand tall with your ribs down and your shoulders away from your ears.",
   "Pull the band apart by moving your hands out to the sides, keeping your arms nearly straight, until the band touches your chest.",
   "Squeeze your shoulder blades together for one second.",
   "Return slowly to the start, controlling the band the whole way."
  ],
  "common_mistakes": [
   "Arching the lower back and flaring the ribs: it hides limited shoulder movement and strains the back; keep the ribs down and the torso still.",
   "Shrugging the shoulders: it shifts work to the upper traps; keep the shoulders down.",
   "Letting the band snap back: it loses half the work and can jolt the shoulders; return under control."
  ],
  "primary_muscles": [
   "REAR_DELTS",
   "UPPER_BACK"
  ],
  "secondary_muscles": [
   "ROTATOR_CUFF",
   "TRAPS"
  ],
  "equipment": [
   "RESISTANCE_BAND"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=band+pull+apart+form"
   }
  ]
 },
 {
  "slug": "band-shoulder-dislocate",
  "name": "Band Shoulder Dislocate",
  "aliases": [
   "Band Pass-Through",
   "Shoulder Pass-Through"
  ],
  "description": "A shoulder mobility drill where you move a light band with straight arms in a wide arc from in front of your hips to behind your back. Despite the name, nothing is dislocated; it opens the chest and front of the shoulders and suits all levels with a wide grip.",
  "instructions": [
   "Hold a light resistance band with an overhand grip, hands much wider than shoulder-width and arms straight in front of your hips.",
   "Brace your core and keep your ribs down so your lower back does not arch.",
   "With straight arms, slowly raise the band in a wide arc up over your head.",
   "Continue the arc behind you until the band touches your lower back or buttocks.",
   "Reverse the path to bring the band back over your head to the front.",
   "Do 10-15 slow reps, narrowing your grip gradually over several sessions only if it feels easy."
  ],
  "common_mistakes": [
   "Using a grip that is too narrow and forcing through pain: it strains the shoulders; widen the grip until the arc is smooth and pain-free.",
   "Bending the elbows to get the band over: it avoids the mobility you are training; widen the grip so the arms can stay straight.",
   "Arching the lower back as the band goes overhead: it fakes shoulder range; brace the abs and keep the ribs down."
  ],
  "primary_muscles": [
   "FRONT_DELTS",
   "CHEST"
  ],
  "secondary_muscles": [
   "ROTATOR_CUFF",
   "UPPER_BACK"
  ],
  "equipment": [
   "RESISTANCE_BAND"
  ],
  "category": "MOBILITY",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=band+shoulder+dislocate+form"
   }
  ]
 },
 {
  "slug": "barbell-bench-press",
  "name": "Barbell Bench Press",
  "aliases": [
   "Bench Press",
   "Flat Bench Press",
   "Bench"
  ],
  "description": "A horizontal press performed lying on a flat bench, lowering a barbell to the chest and pressing it back up. It is the classic lift for building chest, shoulder and triceps strength and suits anyone who can train with a spotter or safety arms.",
  "instructions": [
   "Lie on a flat bench with your eyes directly under the racked bar and your feet planted flat on the floor.",
   "Grip the bar slightly wider than shoulder width with your thumbs wrapped around it, then squeeze your shoulder blades together and down into the bench.",
   "Lift the bar out of the rack with straight arms and move it until it sits directly above your shoulders.",
   "Breathe in and lower the bar under control to your mid-chest, keeping your elbows about 45 to 70 degrees from your sides and your forearms vertical.",
   "Touch the chest lightly without bouncing, then press the bar up and slightly back toward your shoulders until your elbows are straight.",
   "Breathe out near the top and repeat; after the last rep, press the bar back into the hooks before letting go."
  ],
  "common_mistakes": [
   "Bouncing the bar off the chest: it relies on momentum, can bruise the sternum and hides weak points; lower under control and press from a light touch.",
   "Flaring the elbows out to 90 degrees: this places the shoulder joint in a vulnerable position; tuck the elbows to roughly 45-70 degrees from the torso.",
   "Lifting the hips off the bench: it strains the lower back and shortens the range; keep your glutes down and drive through your feet instead.",
   "Training close to failure alone or with a thumbless grip: the bar can roll out of your hands or pin you; wrap your thumbs and use a spotter or safety arms set just below chest height."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "FRONT_DELTS",
   "TRICEPS"
  ],
  "equipment": [
   "BARBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=barbell+bench+press+form"
   }
  ]
 },
 {
  "slug": "barbell-bent-over-row",
  "name": "Barbell Bent-Over Row",
  "aliases": [
   "Bent-Over Row",
   "Barbell Row",
   "BB Row"
  ],
  "description": "A rowing movement where you hinge forward and pull a barbell toward the torso. It builds the lats and upper back while training the lower back to hold position, and suits lifters who can already hold a flat-backed hip hinge.",
  "instructions": [
   "Stand with feet hip width apart and the bar over your mid-foot, then grip it overhand just wider than shoulder width.",
   "Lift the bar to standing as in a deadlift, then push your hips back with soft knees until your torso is about 30-45 degrees above horizontal, back flat and arms straight.",
   "Brace your core and pull the bar toward your lower chest or upper belly, driving your elbows back and squeezing your shoulder blades together.",
   "Pause briefly with the bar touching or near your torso.",
   "Lower the bar under control to full arm extension while keeping the same torso angle.",
   "After the final rep, stand up and lower the bar to the floor the same way you would set down a deadlift."
  ],
  "common_mistakes": [
   "Rounding the lower back: it puts the spinal discs at risk; keep a neutral spine, bend the knees a little more, and reduce the load.",
   "Standing more upright each rep and heaving with the hips: it turns the row into a shrug-like swing; hold the torso angle and use a weight you can pull strictly.",
   "Yanking the bar with the arms only: it overworks the biceps and underworks the back; think of driving the elbows back."
  ],
  "primary_muscles": [
   "LATS",
   "UPPER_BACK"
  ],
  "secondary_muscles": [
   "REAR_DELTS",
   "BICEPS",
   "LOWER_BACK",
   "FOREARMS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=barbell+bent+over+row+form"
   }
  ]
 },
 {
  "slug": "barbell-curl",
  "name": "Barbell Curl",
  "aliases": [
   "Standing Barbell Curl",
   "Biceps Curl",
   "BB Curl"
  ],
  "description": "A standing curl lifting a barbell from the thighs to the shoulders by bending the elbows. It is the classic biceps builder and suits beginners.",
  "instructions": [
   "Stand tall holding a barbell with an underhand grip about shoulder width apart, arms straight and the bar against your thighs.",
   "Pin your elbows close to your sides and brace your core.",
   "Curl the bar up toward your shoulders by bending your elbows, keeping your upper arms still.",
   "Squeeze your biceps at the top without letting your elbows drift forward much.",
   "Lower the bar slowly until your arms are fully straight and repeat."
  ],
  "common_mistakes": [
   "Swinging the hips and leaning back: it uses momentum and strains the lower back; stand still and use a lighter bar.",
   "Letting the elbows travel forward as the bar rises: it shifts work to the front delts; keep the upper arms close to your sides.",
   "Dropping the bar quickly on the way down: it wastes the lowering phase and jars the elbows; lower over two to three seconds."
  ],
  "primary_muscles": [
   "BICEPS"
  ],
  "secondary_muscles": [
   "FOREARMS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=barbell+curl+form"
   }
  ]
 },
 {
  "slug": "barbell-shrug",
  "name": "Barbell Shrug",
  "aliases": [
   "Shrug",
   "Barbell Shoulder Shrug"
  ],
  "description": "A simple movement that lifts the shoulders straight up toward the ears while holding a barbell. It builds the upper trapezius and grip and suits beginners.",
  "instructions": [
   "Set a barbell in a rack at about mid-thigh height and grip it overhand slightly wider than shoulder width.",
   "Lift the bar out and stand tall with arms straight and the bar resting against your thighs.",
   "Shrug your shoulders straight up toward your ears as high as you can, keeping your arms straight.",
   "Hold the top position for one to two seconds.",
   "Lower your shoulders slowly to a full stretch and repeat."
  ],
  "common_mistakes": [
   "Rolling the shoulders in circles: it adds no benefit and can irritate the shoulder joint; move straight up and straight down.",
   "Bending the elbows to help lift: it turns the shrug into an upright row; keep the arms straight and let the traps do the work.",
   "Going so heavy that the reps become tiny jerks: it wastes the set and strains the neck; use a load you can lift through the full range and hold at the top."
  ],
  "primary_muscles": [
   "TRAPS"
  ],
  "secondary_muscles": [
   "FOREARMS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=barbell+shrug+form"
   }
  ]
 },
 {
  "slug": "bear-crawl",
  "name": "Bear Crawl",
  "aliases": [],
  "description": "Crawling on hands and feet with the knees hovering just above the floor. It builds shoulder and core stability, coordination and conditioning with no equipment, and suits beginners.",
  "instructions": [
   "Start on all fours with your hands under your shoulders, knees under your hips and toes tucked.",
   "Brace your core and lift your knees about two inches off the floor, keeping your back flat.",
   "Move your right hand and left foot forward a short distance at the same time.",
   "Follow with your left hand and right foot, keeping your knees low and hips level.",
   "Continue crawling for the set distance or time, and try crawling backward as well."
  ],
  "common_mistakes": [
   "Pushing the hips high into a pike: it takes load off the core and quads; keep the back flat like a tabletop.",
   "Taking big steps: it makes the hips twist and sway; use short, controlled steps.",
   "Rocking side to side: it means the core is not stabilizing; slow down and keep the hips level."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "FRONT_DELTS",
   "ABS"
  ],
  "secondary_muscles": [
   "TRICEPS",
   "OBLIQUES",
   "HIP_FLEXORS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CALISTHENICS",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=bear+crawl+form"
   }
  ]
 },
 {
  "slug": "bench-dip",
  "name": "Bench Dip",
  "aliases": [
   "Bench Triceps Dip",
   "Chair Dip"
  ],
  "description": "A bodyweight dip performed with the hands on the edge of a bench behind you. It works the triceps without special equipment and suits beginners with healthy shoulders.",
  "instructions": [
   "Sit on the edge of a sturdy bench and place your hands beside your hips, fingers pointing forward.",
   "Slide your hips off the bench, supporting yourself on straight arms, with your knees bent and feet flat on the floor.",
   "Bend your elbows straight back to lower your hips toward the floor until your upper arms are about parallel to the floor.",
   "Press through your palms to straighten your arms and lift back up.",
   "Keep your hips close to the bench throughout; straighten your legs to make it harder."
  ],
  "common_mistakes": [
   "Lowering too deep: it pushes the front of the shoulder into a stressful stretched position; stop when the upper arms are about parallel to the floor.",
   "Letting the hips drift far from the bench: it increases shoulder strain; keep your back close to the bench edge.",
   "Flaring the elbows out to the sides: it reduces triceps work and stresses the elbows; point the elbows straight back."
  ],
  "primary_muscles": [
   "TRICEPS"
  ],
  "secondary_muscles": [
   "FRONT_DELTS",
   "CHEST"
  ],
  "equipment": [
   "BODYWEIGHT",
   "BENCH"
  ],
  "category": "CALISTHENICS",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=bench+dip+form"
   }
  ]
 },
 {
  "slug": "bent-over-dumbbell-reverse-fly",
  "name": "Bent-Over Dumbbell Reverse Fly",
  "aliases": [
   "Bent-Over Reverse Fly",
   "Rear Delt Fly",
   "Bent-Over Lateral Raise"
  ],
  "description": "A rear delt fly performed while hinged forward at the hips, raising light dumbbells out to the sides. It builds the rear shoulders and upper back, and suits people who can hold a flat-backed hip hinge.",
  "instructions": [
   "Hold light dumbbells and stand with feet hip width apart and knees slightly bent.",
   "Push your hips back to hinge forward until your torso is close to parallel with the floor, keeping your back flat and letting the dumbbells hang below your chest, palms facing each other.",
   "With a slight bend in your elbows, raise the dumbbells out to the sides in a wide arc until your arms are in line with your torso.",
   "Pause briefly, then lower the dumbbells slowly.",
   "Keep your neck neutral by looking at the floor a little ahead of you throughout the set."
  ],
  "common_mistakes": [
   "Rounding the back while bent over: it loads the spine; keep a flat back and bend your knees more if your hamstrings are tight.",
   "Standing up a little each rep to swing the weights: momentum removes tension from the rear delts; hold the torso angle and use lighter dumbbells.",
   "Bending the elbows to row the weights up: it shifts work to the lats and arms; keep the elbow angle fixed and move in an arc."
  ],
  "primary_muscles": [
   "REAR_DELTS"
  ],
  "secondary_muscles": [
   "UPPER_BACK"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=bent+over+dumbbell+reverse+fly+form"
   }
  ]
 },
 {
  "slug": "bicycle-crunch",
  "name": "Bicycle Crunch",
  "aliases": [
   "Bicycles",
   "Bicycle Sit-Up"
  ],
  "description": "A crunch variation that combines a twisting elbow-to-knee motion with a pedaling leg action. It works the abs and obliques together and suits beginners who can already do a basic crunch.",
  "instructions": [
   "Lie on your back with your hands lightly behind your head, knees bent to 90 degrees and shins parallel to the floor.",
   "Lift your shoulders off the floor and press your lower back down.",
   "Rotate your torso to bring your right elbow toward your left knee while extending your right leg out straight.",
   "Switch sides in a smooth pedaling motion, bringing your left elbow toward your right knee as your left leg extends.",
   "Keep alternating at a controlled pace, exhaling on each twist."
  ],
  "common_mistakes": [
   "Moving only the elbows instead of turning the ribcage: flapping the elbows misses the obliques; rotate the shoulder toward the opposite knee.",
   "Pedaling too fast: speed turns it into a momentum drill; slow down and pause briefly at each twist.",
   "Pulling on the neck: it strains the cervical spine; keep the hands light and the elbows wide.",
   "Extending the legs so low that the lower back arches: it loads the spine; extend the legs higher, around 45 degrees."
  ],
  "primary_muscles": [
   "ABS",
   "OBLIQUES"
  ],
  "secondary_muscles": [
   "HIP_FLEXORS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=bicycle+crunch+form"
   }
  ]
 },
 {
  "slug": "bird-dog",
  "name": "Bird Dog",
  "aliases": [
   "Quadruped Arm and Leg Raise"
  ],
  "description": "An all-fours exercise where you reach one arm forward and the opposite leg back while keeping the spine still. It trains the back extensors, glutes and deep core to resist twisting, and is a gentle choice for beginners and back-pain rehab.",
  "instructions": [
   "Kneel on all fours with your hands under your shoulders, knees under your hips and spine neutral.",
   "Brace your core lightly so your back stays flat, as if balancing a glass of water on it.",
   "Slowly reach your right arm forward and push your left leg straight back until both are level with your torso.",
   "Pause for one to two seconds, keeping both hips square to the floor.",
   "Return the arm and leg to the start with control.",
   "Repeat with the left arm and right leg, and alternate for the set."
  ],
  "common_mistakes": [
   "Lifting the leg too high: it arches the lower back and defeats the purpose; stop when the leg is level with the hips.",
   "Rotating the hips toward the lifting leg: it lets the core off the hook; keep both hip bones pointing at the floor and shorten the reach if needed.",
   "Swinging the limbs quickly: speed hides poor stability; move slowly and pause at full reach."
  ],
  "primary_muscles": [
   "LOWER_BACK",
   "GLUTES"
  ],
  "secondary_muscles": [
   "ABS",
   "OBLIQUES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=bird+dog+form"
   }
  ]
 },
 {
  "slug": "box-jump",
  "name": "Box Jump",
  "aliases": [
   "Plyo Box Jump"
  ],
  "description": "Jumping from the floor onto a sturdy box and landing softly. It builds explosive leg power with low landing impact; beginners should start with a low box and focus on soft landings.",
  "instructions": [
   "Stand about a foot from a stable box with feet hip-width apart.",
   "Swing your arms back as you dip into a quarter squat.",
   "Swing your arms forward and jump up onto the box, driving through your hips, knees and ankles.",
   "Land softly on the whole foot in a quarter squat, knees over toes, in the middle of the box.",
   "Stand up fully on the box, then step down one foot at a time; do not jump down."
  ],
  "common_mistakes": [
   "Using a box that is too high: you land in a deep squat, clipping the shins or falling; choose a box you can land on in a quarter squat.",
   "Jumping back down for repeated reps: it loads the Achilles tendon and knees; step down between reps.",
   "Knees caving inward on landing: it risks knee injury; land with knees tracking over the toes and feet hip-width.",
   "Doing box jumps when tired: missed jumps cause shin scrapes and falls; keep reps low and rest fully between sets."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES",
   "CALVES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "HIP_FLEXORS"
  ],
  "equipment": [
   "PLYO_BOX"
  ],
  "category": "PLYOMETRIC",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=box+jump+form"
   }
  ]
 },
 {
  "slug": "box-squat",
  "name": "Box Squat",
  "aliases": [
   "Barbell Box Squat"
  ],
  "description": "A barbell back squat where you sit back onto a box at a set depth, pause briefly and stand up. It teaches a consistent depth and hip-dominant squat pattern and builds power from a dead stop.",
  "instructions": [
   "Place a sturdy box behind you at a height that puts your thighs about parallel when seated, and set up the bar in a rack as for a back squat.",
   "Unrack the bar on your upper back and step back until the box is just behind your heels, feet slightly wider than shoulder-width.",
   "Brace your core, push your hips back and bend the knees, keeping shins fairly vertical and knees pushed out.",
   "Sit down onto the box under control, staying tight without relaxing the trunk or rocking back.",
   "Pause briefly, then drive your feet into the floor and stand up, leading with the chest and hips together."
  ],
  "common_mistakes": [
   "Dropping or crashing onto the box: the impact compresses the spine; lower with control and touch the box softly.",
   "Relaxing fully on the box: you lose bracing and the back rounds on the way up; stay tight and keep tension in the legs during the pause.",
   "Rocking back and using momentum to stand: it reduces the training effect and loses balance; keep weight over midfoot and drive straight up."
  ],
  "primary_muscles": [
   "GLUTES",
   "QUADRICEPS"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "ADDUCTORS",
   "LOWER_BACK"
  ],
  "equipment": [
   "BARBELL",
   "PLYO_BOX"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=box+squat+form"
   }
  ]
 },
 {
  "slug": "broad-jump",
  "name": "Broad Jump",
  "aliases": [
   "Standing Long Jump",
   "Standing Broad Jump"
  ],
  "description": "Jumping forward as far as possible from a standing two-foot take-off and landing on both feet. It builds horizontal power for sprinting and sport and suits beginners when landings are controlled.",
  "instructions": [
   "Stand with feet hip-width apart behind a line on a non-slip surface.",
   "Swing your arms back as you hinge your hips and bend your knees.",
   "Swing your arms forward and jump out explosively, extending hips, knees and ankles.",
   "Land softly on both feet with knees bent and hips back, absorbing the landing.",
   "Hold the landing for a second, then walk back and reset before the next jump."
  ],
  "common_mistakes": [
   "Landing with straight legs: the impact jolts the knees and back; bend the knees and sit the hips back to absorb it.",
   "Knees caving in on landing: it strains the knee ligaments; keep knees over toes.",
   "Jumping for distance you cannot stick: falling forward risks injury; jump only as far as you can land under control."
  ],
  "primary_muscles": [
   "GLUTES",
   "QUADRICEPS",
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "CALVES",
   "LOWER_BACK"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "PLYOMETRIC",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=broad+jump+form"
   }
  ]
 },
 {
  "slug": "bulgarian-split-squat",
  "name": "Bulgarian Split Squat",
  "aliases": [
   "Rear-Foot-Elevated Split Squat",
   "RFESS"
  ],
  "description": "A single-leg squat with the back foot resting on a bench behind you. It builds quad and glute strength one leg at a time, fixes side-to-side imbalances and challenges balance; it suits lifters comfortable with lunges.",
  "instructions": [
   "Stand about two feet in front of a bench holding dumbbells at your sides (or no weight at first).",
   "Place the top of your rear foot on the bench and set your front foot far enough forward that your front knee can bend without the heel lifting.",
   "Keep your chest up and core braced, then lower straight down by bending the front knee until the rear knee nearly touches the floor.",
   "Push through the front heel and midfoot to stand back up, keeping the front knee tracking over the toes.",
   "Complete all reps on one leg, then switch sides."
  ],
  "common_mistakes": [
   "Standing too close to the bench: the front heel lifts and the knee is overloaded; move the front foot forward until the heel stays planted at the bottom.",
   "Front knee collapsing inward: it strains the knee; keep the knee in line with the second and third toes and use less weight.",
   "Pushing off mainly with the back leg: the working leg does less; keep most of your weight on the front foot and use the back foot only for balance."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "ADDUCTORS",
   "HAMSTRINGS",
   "ABDUCTORS"
  ],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=bulgarian+split+squat+form"
   }
  ]
 },
 {
  "slug": "burpee",
  "name": "Burpee",
  "aliases": [],
  "description": "A full-body conditioning move that links a squat, plank, push-up and jump into one rep. It raises the heart rate fast and builds work capacity; beginners can step back and skip the jump.",
  "instructions": [
   "Stand with your feet shoulder-width apart and arms by your sides.",
   "Squat down and place your hands on the floor just in front of your feet.",
   "Jump or step your feet back into a high plank with your body in a straight line.",
   "Do a push-up, or lower your chest to the floor and press back up.",
   "Jump or step your feet forward toward your hands, landing in a squat.",
   "Stand and jump straight up with your arms overhead, land softly with bent knees, and go into the next rep."
  ],
  "common_mistakes": [
   "Hips sagging when the feet land in the plank: it jars the lower back; brace the core before the feet hit, or step back one foot at a time.",
   "Landing the jump with stiff legs: it sends impact into the knees and back; land on the balls of the feet and bend the knees to absorb it.",
   "Sacrificing form for speed when tired: sloppy reps raise injury risk; step back and step in instead of jumping, and keep each rep clean."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES",
   "CHEST"
  ],
  "secondary_muscles": [
   "TRICEPS",
   "FRONT_DELTS",
   "ABS",
   "CALVES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CARDIO",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=burpee+form"
   }
  ]
 },
 {
  "slug": "cable-crossover",
  "name": "Cable Crossover",
  "aliases": [
   "Cable Fly",
   "Standing Cable Fly",
   "Cable Chest Fly"
  ],
  "description": "A standing chest fly using two high cable pulleys, bringing the handles together in front of the body. The cables keep tension on the chest through the whole range, and it suits lifters who can already control basic presses.",
  "instructions": [
   "Set both pulleys of a cable station at or slightly above shoulder height and attach a single handle to each.",
   "Take a handle in each hand, step forward to the middle so both cables have tension, and stand in a staggered stance with a slight forward lean.",
   "Start with your arms out to the sides, elbows slightly bent and chest up.",
   "Bring the handles down and together in a wide hugging arc until they meet in front of your lower chest.",
   "Squeeze your chest for a moment, then let the handles return slowly along the same arc until you feel a stretch across your chest.",
   "After the set, step back toward the machine to release tension before letting go of the handles."
  ],
  "common_mistakes": [
   "Bending the elbows and pressing the handles forward: it turns the fly into a press and reduces chest isolation; keep the elbow bend fixed.",
   "Letting the cables pull the arms far behind the body: this overstretches the front of the shoulder; stop the return when your hands are roughly in line with your chest.",
   "Rocking the torso to move heavy weight: momentum takes tension off the chest; keep the torso still and choose a lighter load."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "FRONT_DELTS"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=cable+crossover+form"
   }
  ]
 },
 {
  "slug": "cable-crunch",
  "name": "Cable Crunch",
  "aliases": [
   "Kneeling Cable Crunch"
  ],
  "description": "A kneeling crunch against a high cable that lets you load the abs with progressive weight. It suits lifters who want to build ab strength beyond bodyweight exercises.",
  "instructions": [
   "Attach a rope handle to a high cable pulley and kneel facing the machine about an arm's length away.",
   "Hold the rope ends beside your head or in front of your forehead, with your hips stacked over your knees.",
   "Keep your hips still and exhale as you crunch down, rounding your spine to bring your elbows toward your thighs.",
   "Squeeze your abs at the bottom for a moment.",
   "Return slowly to the start, letting your spine lengthen without letting the weight yank you up."
  ],
  "common_mistakes": [
   "Sitting back onto the heels as you pull: it turns the crunch into a hip hinge that uses bodyweight instead of the abs; keep the hips fixed over the knees and move only the spine.",
   "Pulling with the arms: it shifts work to the shoulders; keep the hands locked beside the head.",
   "Using too much weight: it forces the two faults above; choose a load you can crunch through a full range for 10-15 reps."
  ],
  "primary_muscles": [
   "ABS"
  ],
  "secondary_muscles": [
   "OBLIQUES"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=cable+crunch+form"
   }
  ]
 },
 {
  "slug": "cable-curl",
  "name": "Cable Curl",
  "aliases": [
   "Standing Cable Curl",
   "Cable Biceps Curl"
  ],
  "description": "A standing biceps curl using a straight bar attached to a low cable pulley. The cable keeps steady tension through the whole range and suits beginners.",
  "instructions": [
   "Attach a straight or EZ bar to a low cable pulley.",
   "Grab the bar with an underhand grip about shoulder width and stand up tall, a short step back from the machine, arms straight.",
   "Keep your elbows close to your sides and brace your core.",
   "Curl the bar up toward your shoulders, keeping your upper arms still.",
   "Squeeze at the top, then lower slowly until your arms are straight, keeping tension on the cable."
  ],
  "common_mistakes": [
   "Leaning back to pull the weight: it uses the body rather than the biceps and strains the lower back; stay upright with a lighter load.",
   "Letting the elbows drift forward: it brings in the shoulders; keep the elbows by your sides.",
   "Letting the weight stack rest between reps: it removes the constant tension; stop just short of the stack touching."
  ],
  "primary_muscles": [
   "BICEPS"
  ],
  "secondary_muscles": [
   "FOREARMS"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=cable+curl+form"
   }
  ]
 },
 {
  "slug": "cable-lateral-raise",
  "name": "Cable Lateral Raise",
  "aliases": [
   "Single-Arm Cable Lateral Raise",
   "Cable Side Raise"
  ],
  "description": "A one-arm lateral raise using a low cable pulley, which keeps tension on the side deltoid from the very bottom of the movement. It is simple to learn and suits beginners upward.",
  "instructions": [
   "Set a cable pulley to its lowest position and attach a single handle.",
   "Stand side-on to the machine and take the handle in the hand farther from it, so the cable runs across the front of your body; hold the machine with your other hand.",
   "Stand tall with a slight bend in your working elbow and your shoulder down.",
   "Raise your arm out to the side until your hand reaches about shoulder height.",
   "Lower slowly, keeping tension on the cable without letting the weight stack rest.",
   "Finish the set, then switch sides."
  ],
  "common_mistakes": [
   "Leaning away from the machine to heave the weight: it uses the torso instead of the shoulder; stay upright and choose a lighter load.",
   "Shrugging at the top: it shifts tension to the upper traps; keep the shoulder down and stop at shoulder height.",
   "Letting the stack drop quickly: it loses the constant tension that makes the cable useful; lower under control."
  ],
  "primary_muscles": [
   "SIDE_DELTS"
  ],
  "secondary_muscles": [
   "TRAPS"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=cable+lateral+raise+form"
   }
  ]
 },
 {
  "slug": "cable-overhead-triceps-extension",
  "name": "Cable Overhead Triceps Extension",
  "aliases": [
   "Overhead Cable Extension",
   "Rope Overhead Triceps Extension"
  ],
  "description": "A triceps extension performed facing away from a cable machine, pressing a rope forward and up from behind the head. It trains the triceps in a stretched position with constant tension and suits lifters comfortable with basic triceps work.",
  "instructions": [
   "Attach a rope to a cable pulley set at about head height.",
   "Grab the rope with both hands, turn away from the machine, and step forward into a staggered stance with a slight forward lean.",
   "Start with your hands behind your head, elbows bent and pointing forward, and upper arms close to your ears.",
   "Extend your elbows to push the rope forward and up until your arms are straight.",
   "Keep your upper arms still so only your forearms move.",
   "Bend your elbows slowly to return until you feel a stretch in your triceps, then repeat."
  ],
  "common_mistakes": [
   "Letting the elbows flare wide: it reduces triceps work and strains the elbows; keep the elbows pointing forward.",
   "Moving the upper arms up and down: it brings in the lats and shoulders; fix the upper arms and hinge only at the elbows.",
   "Arching the lower back to push the weight: it strains the spine; brace your abs and reduce the load."
  ],
  "primary_muscles": [
   "TRICEPS"
  ],
  "secondary_muscles": [],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=cable+overhead+triceps+extension+form"
   }
  ]
 },
 {
  "slug": "cable-pull-through",
  "name": "Cable Pull-Through",
  "aliases": [
   "Rope Pull-Through"
  ],
  "description": "A hip hinge where you pull a rope attached to a low cable through your legs by driving your hips forward. The cable pulls you back into the hinge, making it a good teaching tool for beginners learning to use the glutes and hamstrings.",
  "instructions": [
   "Attach a rope to a low cable pulley, face away from the machine and grab the rope between your legs with both hands.",
   "Walk forward a few steps to take tension on the cable and stand with feet a bit wider than hip-width.",
   "With soft knees and a flat back, push your hips back and let the rope travel back between your legs.",
   "Stop when you feel a hamstring stretch, then drive your hips forward to stand tall, squeezing your glutes.",
   "Keep your arms straight the whole time; they only hold the rope."
  ],
  "common_mistakes": [
   "Pulling with the arms: it turns the movement into an arm exercise; keep arms long and move from the hips.",
   "Squatting down instead of hinging: the hamstrings and glutes do less; push the hips back with only a slight knee bend.",
   "Leaning back at the top: it strains the lower back; finish standing straight with glutes squeezed."
  ],
  "primary_muscles": [
   "GLUTES",
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "LOWER_BACK",
   "FOREARMS"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=cable+pull+through+form"
   }
  ]
 },
 {
  "slug": "cable-woodchopper",
  "name": "Cable Woodchopper",
  "aliases": [
   "Cable Wood Chop",
   "Woodchop"
  ],
  "description": "A standing cable exercise where you pull a handle diagonally across your body from high to low, like chopping wood. It trains the obliques to produce and control rotation through the hips and trunk, useful for athletes and general fitness.",
  "instructions": [
   "Set a cable handle at the highest position and stand side-on to the machine with your feet wider than shoulder-width.",
   "Grab the handle with both hands above the shoulder nearest the machine, arms nearly straight.",
   "Brace your core and pull the handle diagonally down and across your body toward your opposite hip, rotating through your torso.",
   "Pivot your back foot and let your hips turn with the movement while keeping your arms long.",
   "Pause briefly at the bottom, then return along the same path with control.",
   "Finish the reps, then switch sides."
  ],
  "common_mistakes": [
   "Pulling with the arms: it turns the chop into a shoulder exercise; keep the arms long and let the torso drive the handle.",
   "Twisting only through the lower back with the feet locked: it stresses the lumbar spine; pivot the back foot so the hips rotate too.",
   "Using a weight so heavy that you jerk it: momentum takes over and control is lost on the return; pick a load you can move smoothly both ways."
  ],
  "primary_muscles": [
   "OBLIQUES"
  ],
  "secondary_muscles": [
   "ABS",
   "FRONT_DELTS",
   "GLUTES"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=cable+woodchopper+form"
   }
  ]
 },
 {
  "slug": "cat-cow",
  "name": "Cat-Cow",
  "aliases": [
   "Cat-Camel",
   "Cat Cow Stretch"
  ],
  "description": "A gentle all-fours movement that alternates between rounding and arching the spine. It warms up and mobilizes the whole spine and suits everyone, including people with a stiff back.",
  "instructions": [
   "Start on all fours with your hands under your shoulders and knees under your hips.",
   "Inhale as you let your belly drop toward the floor, lifting your chest and tailbone and looking slightly forward (cow).",
   "Exhale as you round your spine up toward the ceiling, tucking your tailbone and letting your head drop (cat).",
   "Move slowly between the two positions, letting the movement flow through each part of your spine.",
   "Repeat for 8-12 slow cycles."
  ],
  "common_mistakes": [
   "Moving only at the lower back or the neck: the middle of the spine stays stiff; spread the movement evenly from tailbone to head.",
   "Rushing through the cycles: it turns mobility work into flailing; match each movement to a slow breath.",
   "Cranking the head back in the cow position: it compresses the neck; lift the gaze only slightly."
  ],
  "primary_muscles": [
   "LOWER_BACK"
  ],
  "secondary_muscles": [
   "UPPER_BACK",
   "ABS",
   "NECK"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "MOBILITY",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=cat+cow+form"
   }
  ]
 },
 {
  "slug": "chest-dip",
  "name": "Chest Dip",
  "aliases": [
   "Dip",
   "Forward-Leaning Dip",
   "Parallel Bar Dip"
  ],
  "description": "A bodyweight dip on parallel bars with a forward lean that emphasises the lower chest. It builds strong pressing muscles and suits people with good shoulder health who can already do push-ups comfortably.",
  "instructions": [
   "Grip the parallel bars and jump or step up to support yourself on straight arms, with your shoulders pushed down away from your ears.",
   "Lean your torso forward about 20-30 degrees and bend your knees, crossing your ankles behind you.",
   "Bend your elbows to lower your body slowly, letting them angle slightly out, until your upper arms are about parallel to the floor.",
   "Push through your palms to straighten your arms and return to the top while keeping the forward lean.",
   "Repeat; if you cannot do controlled reps yet, use an assisted dip machine or a band."
  ],
  "common_mistakes": [
   "Sinking too deep: going well below parallel puts heavy stress on the front of the shoulders; stop when the upper arms are about parallel to the floor.",
   "Letting the shoulders shrug up toward the ears: it loads the shoulder joint poorly; keep the shoulders pressed down throughout.",
   "Dropping quickly into the bottom: the bounce can strain the shoulders and chest; lower over about two seconds."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "TRICEPS",
   "FRONT_DELTS"
  ],
  "equipment": [
   "DIP_STATION"
  ],
  "category": "CALISTHENICS",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=chest+dip+form"
   }
  ]
 },
 {
  "slug": "chest-supported-dumbbell-row",
  "name": "Chest-Supported Dumbbell Row",
  "aliases": [
   "Incline Dumbbell Row",
   "Chest-Supported Row"
  ],
  "description": "A row performed lying face down on an incline bench, pulling two dumbbells up. With the chest supported there is no strain on the lower back, so it isolates the upper back well and suits beginners.",
  "instructions": [
   "Set an adjustable bench to about 30-45 degrees.",
   "Lie face down with your chest on the pad and feet on the floor, holding a dumbbell in each hand with arms hanging straight down and palms facing in.",
   "Keeping your chest on the pad, pull the dumbbells up by driving your elbows back until they pass your torso.",
   "Squeeze your shoulder blades together for a moment at the top.",
   "Lower the dumbbells slowly to full arm extension and repeat."
  ],
  "common_mistakes": [
   "Lifting the chest off the pad to swing the weights: it brings in momentum and removes the benefit of the support; stay in contact with the bench and go lighter.",
   "Shrugging the shoulders toward the ears: it shifts work to the upper traps; pull the elbows back and down.",
   "Cutting the range short at the bottom: it limits the stretch on the back muscles; let the arms straighten fully each rep."
  ],
  "primary_muscles": [
   "UPPER_BACK",
   "LATS"
  ],
  "secondary_muscles": [
   "REAR_DELTS",
   "BICEPS"
  ],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=chest+supported+dumbbell+row+form"
   }
  ]
 },
 {
  "slug": "childs-pose",
  "name": "Child's Pose",
  "aliases": [
   "Balasana",
   "Child Pose"
  ],
  "description": "A resting kneeling stretch where you sit back on your heels and fold forward with arms extended. It gently stretches the back, lats and hips and suits all levels as a calming cool-down.",
  "instructions": [
   "Kneel on a mat with your big toes touching and your knees about hip-width apart or wider.",
   "Sit your hips back toward your heels.",
   "Walk your hands forward and lower your chest toward the floor between your thighs.",
   "Rest your forehead on the mat or a cushion, with your arms extended in front or relaxed beside your body.",
   "Breathe slowly into your back and hold for 30-90 seconds.",
   "Walk your hands back toward your knees to return to kneeling."
  ],
  "common_mistakes": [
   "Forcing the hips down to the heels when the knees are uncomfortable: it strains the knees; put a cushion between your calves and thighs.",
   "Staying tense and holding your breath: it prevents the muscles from relaxing; breathe slowly and let the back soften.",
   "Hovering the head when the forehead does not reach: it tenses the neck; rest the head on a block or cushion."
  ],
  "primary_muscles": [
   "LOWER_BACK"
  ],
  "secondary_muscles": [
   "LATS",
   "GLUTES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRETCHING",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=childs+pose+form"
   }
  ]
 },
 {
  "slug": "chin-tuck",
  "name": "Chin Tuck",
  "aliases": [
   "Cervical Retraction",
   "Neck Retraction"
  ],
  "description": "A small movement where you glide your head straight back to make a double chin. It strengthens the deep neck flexors and counters forward-head posture from screens and desk work, and suits everyone.",
  "instructions": [
   "Sit or stand tall with your shoulders relaxed and eyes looking straight ahead.",
   "Without tilting your head up or down, glide your chin straight back as if making a double chin.",
   "Hold for 3-5 seconds, feeling the front of your neck working and a gentle stretch at the base of your skull.",
   "Relax and let your head return to its natural position.",
   "Repeat for 10 slow reps; doing it with the back of your head against a wall gives useful feedback."
  ],
  "common_mistakes": [
   "Nodding the chin down instead of gliding it back: it misses the deep neck muscles; keep the eyes level and move the head straight back.",
   "Pushing hard into pain or dizziness: it can irritate the neck; use a gentle effort and stop if symptoms appear.",
   "Shrugging the shoulders: it tenses the upper traps; keep the shoulders relaxed and down."
  ],
  "primary_muscles": [
   "NECK"
  ],
  "secondary_muscles": [],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "MOBILITY",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=chin+tuck+form"
   }
  ]
 },
 {
  "slug": "chin-up",
  "name": "Chin-Up",
  "aliases": [
   "Chinup",
   "Underhand Pull-Up",
   "Supinated Pull-Up"
  ],
  "description": "A pull-up variation using an underhand, shoulder-width grip, which involves the biceps more. Most people find it slightly easier than the pull-up, and it suits anyone with moderate upper body strength.",
  "instructions": [
   "Grab the bar with an underhand grip about shoulder width apart and hang with your arms straight.",
   "Brace your abs and keep your legs still, either straight or crossed behind you.",
   "Pull your shoulder blades down, then bend your elbows to pull your chest toward the bar.",
   "Continue until your chin is over the bar, keeping your elbows in front of your body.",
   "Lower yourself slowly to a full hang and repeat."
  ],
  "common_mistakes": [
   "Swinging or kicking the legs: it reduces the load on the back and biceps; keep the body steady and pull strictly.",
   "Dropping quickly from the top: a fast drop can jar the elbows and shoulders; lower over about two seconds.",
   "Gripping too narrowly: it can strain the wrists and elbows; keep the hands about shoulder width apart."
  ],
  "primary_muscles": [
   "LATS",
   "BICEPS"
  ],
  "secondary_muscles": [
   "UPPER_BACK",
   "FOREARMS"
  ],
  "equipment": [
   "PULL_UP_BAR"
  ],
  "category": "CALISTHENICS",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=chin+up+form"
   }
  ]
 },
 {
  "slug": "clean-and-jerk",
  "name": "Clean and Jerk",
  "aliases": [
   "C&J"
  ],
  "description": "The two-part Olympic lift: clean a barbell from the floor to the shoulders, stand up, then drive it overhead with a jerk. It is a highly technical full-body power lift that requires coaching and a solid base in squatting and pressing.",
  "instructions": [
   "Set up over the bar with feet hip-width apart, a flat back, hook grip just outside the legs and shoulders slightly ahead of the bar.",
   "Lift the bar smoothly past the knees, then extend the hips, knees and ankles explosively at mid-thigh.",
   "Pull under the bar and catch it on the front of the shoulders in a front squat with elbows high, then stand up.",
   "Reset your grip and breath, keeping the bar resting on the shoulders with elbows slightly forward.",
   "Dip a few inches by bending the knees with a vertical torso, then drive up hard through the legs.",
   "Push yourself under the bar into a split (one foot forward, one back) while locking the arms overhead.",
   "Recover by stepping the front foot back and the back foot forward, stand with the bar overhead, then lower it safely to the floor on bumper plates."
  ],
  "common_mistakes": [
   "Using the arms early in the clean: it slows the bar and strains the elbows; let the legs and hips do the work until full extension.",
   "Dipping forward in the jerk: the bar drives out in front and you chase it; keep the torso upright and the dip straight down through the heels.",
   "Pressing out a soft lockout overhead: bent elbows under heavy load stress the shoulders and elbows; punch the arms to full lockout as you drop.",
   "Trying to save a missed lift: it risks injury; learn to drop the bar safely forward or backward on bumper plates."
  ],
  "primary_muscles": [
   "GLUTES",
   "QUADRICEPS",
   "HAMSTRINGS",
   "FRONT_DELTS"
  ],
  "secondary_muscles": [
   "TRICEPS",
   "TRAPS",
   "UPPER_BACK",
   "LOWER_BACK",
   "CALVES",
   "ABS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "OLYMPIC_LIFTING",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=clean+and+jerk+form"
   }
  ]
 },
 {
  "slug": "close-grip-bench-press",
  "name": "Close-Grip Bench Press",
  "aliases": [
   "CGBP",
   "Close-Grip Bench"
  ],
  "description": "A bench press variation with the hands about shoulder width apart and the elbows kept close to the body. It shifts more load onto the triceps and is a strong accessory for pressing strength for intermediate lifters.",
  "instructions": [
   "Lie on a flat bench under the bar with your feet planted and your shoulder blades pulled back and down.",
   "Grip the bar about shoulder width apart with your thumbs wrapped and your wrists stacked straight over your forearms.",
   "Unrack the bar and hold it over your shoulders with straight arms.",
   "Lower the bar under control to your lower chest, keeping your elbows tucked close to your sides.",
   "Press the bar back up by straightening your elbows until your arms are locked out.",
   "Repeat for the set and rack the bar after the final rep."
  ],
  "common_mistakes": [
   "Gripping too narrow, with hands nearly touching: it strains the wrists and elbows without extra triceps benefit; keep the hands about shoulder width apart.",
   "Flaring the elbows out: this shifts work to the chest and stresses the shoulders; keep the elbows tucked close to the torso.",
   "Letting the wrists bend back: the load sits far behind the forearm and hurts the wrists; hold the bar low in the palm with wrists straight."
  ],
  "primary_muscles": [
   "TRICEPS",
   "CHEST"
  ],
  "secondary_muscles": [
   "FRONT_DELTS"
  ],
  "equipment": [
   "BARBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=close+grip+bench+press+form"
   }
  ]
 },
 {
  "slug": "close-grip-lat-pulldown",
  "name": "Close-Grip Lat Pulldown",
  "aliases": [
   "Close-Grip Pulldown",
   "V-Bar Pulldown",
   "Neutral-Grip Pulldown"
  ],
  "description": "A lat pulldown using a close, palms-facing handle. The grip allows a long range of motion and strong pulling position for the lats, and it suits beginners.",
  "instructions": [
   "Attach a close-grip V-handle to the pulldown cable and adjust the thigh pad so your legs are held firmly.",
   "Grab the handle with palms facing each other and sit down with your arms straight overhead.",
   "Lean back slightly and lift your chest.",
   "Pull the handle down to your upper chest, driving your elbows down and close to your sides.",
   "Pause briefly, then let the handle rise slowly until your arms are straight and your lats are stretched."
  ],
  "common_mistakes": [
   "Leaning back too far: it turns the movement into a row and reduces lat stretch; keep the torso only slightly reclined.",
   "Rounding forward and crunching to finish the rep: it uses the abs instead of the back; keep the chest up and pull with the elbows.",
   "Shortening the range at the top: it limits lat work; let the arms fully straighten each rep."
  ],
  "primary_muscles": [
   "LATS"
  ],
  "secondary_muscles": [
   "BICEPS",
   "UPPER_BACK"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=close+grip+lat+pulldown+form"
   }
  ]
 },
 {
  "slug": "concentration-curl",
  "name": "Concentration Curl",
  "aliases": [
   "Seated Concentration Curl"
  ],
  "description": "A seated one-arm curl with the elbow braced against the inner thigh. It removes momentum and isolates the biceps, making it a good beginner finishing exercise.",
  "instructions": [
   "Sit on the end of a flat bench with your feet wider than hip width and a dumbbell in your right hand.",
   "Lean forward and rest the back of your right upper arm against the inside of your right thigh, with the arm hanging straight.",
   "Curl the dumbbell up toward your shoulder, keeping your upper arm still against your thigh.",
   "Squeeze your biceps at the top for a moment.",
   "Lower the dumbbell slowly until your arm is straight.",
   "Finish your reps, then switch arms."
  ],
  "common_mistakes": [
   "Using the thigh or torso to push the weight up: it takes work off the biceps; keep the upper arm fixed and the body still.",
   "Stopping short of full extension: it cuts the range and limits results; straighten the arm at the bottom of each rep.",
   "Rounding the back heavily to reach down: it strains the lower back; hinge from the hips with a long spine."
  ],
  "primary_muscles": [
   "BICEPS"
  ],
  "secondary_muscles": [
   "FOREARMS"
  ],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=concentration+curl+form"
   }
  ]
 },
 {
  "slug": "conventional-deadlift",
  "name": "Conventional Deadlift",
  "aliases": [
   "Deadlift",
   "Barbell Deadlift"
  ],
  "description": "Lifting a loaded barbell from the floor to standing with feet about hip-width apart and hands outside the knees. It is a fundamental full-body strength lift for the hips, hamstrings and back, best learned with light weight and good coaching.",
  "instructions": [
   "Stand with your midfoot under the bar and feet about hip-width apart, toes straight or slightly out.",
   "Hinge at the hips and bend your knees just enough to grip the bar with hands just outside your legs, arms straight.",
   "Bring your shins to the bar, lift your chest until your back is flat, and pull your shoulder blades down to take the slack out of the bar.",
   "Breathe in and brace your core hard, keeping your neck in line with your spine.",
   "Push the floor away with your legs, keeping the bar in contact with your shins and thighs as it rises.",
   "Once the bar passes the knees, drive your hips forward to stand tall with glutes squeezed, without leaning back.",
   "Lower the bar by pushing the hips back first, then bend the knees once it passes them, and set it down under control."
  ],
  "common_mistakes": [
   "Rounding the lower back off the floor: it loads the spinal discs heavily; set a flat back before the pull, brace, and lower the weight if the back cannot stay neutral.",
   "Letting the bar drift away from the legs: it greatly increases strain on the lower back; keep the bar dragging up the shins and thighs.",
   "Jerking the bar off the floor: slack arms and a sudden yank can strain the back and biceps; pull the slack out and squeeze the bar off the floor.",
   "Hyperextending backward at lockout: it compresses the lower back; finish by standing straight with glutes squeezed and ribs down."
  ],
  "primary_muscles": [
   "GLUTES",
   "HAMSTRINGS",
   "LOWER_BACK"
  ],
  "secondary_muscles": [
   "QUADRICEPS",
   "UPPER_BACK",
   "TRAPS",
   "FOREARMS",
   "LATS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=conventional+deadlift+form"
   }
  ]
 },
 {
  "slug": "copenhagen-plank",
  "name": "Copenhagen Plank",
  "aliases": [
   "Copenhagen Adductor Plank",
   "Copenhagen Side Plank"
  ],
  "description": "A side plank with the top leg resting on a bench, so the inner thigh muscles hold the body up. It strengthens the adductors and obliques and is used to help reduce groin strains in field and court sports.",
  "instructions": [
   "Lie on your side next to a bench with your bottom elbow on the floor directly under your shoulder.",
   "Place the inside of your top knee on the bench for the easier short-lever version, or the inside of your top ankle for the full version.",
   "Press your top leg down into the bench and lift your hips until your body forms a straight line.",
   "Let your bottom leg hang under the bench, or lift it up toward the bench for more challenge.",
   "Hold for the target time, then lower your hips with control.",
   "Repeat on the other side."
  ],
  "common_mistakes": [
   "Starting with the long-lever ankle version: it can strain the groin; begin with the knee on the bench and progress over several weeks.",
   "Letting the hips sag or rotate: it removes tension from the adductors; keep the hips high and stacked.",
   "Sinking into the supporting shoulder: it stresses the joint; push the forearm into the floor."
  ],
  "primary_muscles": [
   "ADDUCTORS"
  ],
  "secondary_muscles": [
   "OBLIQUES",
   "ABS",
   "ABDUCTORS"
  ],
  "equipment": [
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=copenhagen+plank+form"
   }
  ]
 },
 {
  "slug": "cossack-squat",
  "name": "Cossack Squat",
  "aliases": [
   "Side-to-Side Squat"
  ],
  "description": "A deep side squat where you sit onto one leg while the other stays straight out to the side. It builds single-leg strength and hip and ankle mobility, especially in the inner thighs, and suits people with reasonable flexibility.",
  "instructions": [
   "Stand with feet about twice shoulder-width apart, toes turned slightly out, hands together in front of your chest.",
   "Shift your weight to one side and bend that knee, sitting your hips back and down.",
   "Keep the other leg straight, rotating its toes up toward the ceiling as you go lower.",
   "Lower as far as you can with the bent-leg heel flat and your chest up.",
   "Push through the bent leg to return to the center, then repeat on the other side."
  ],
  "common_mistakes": [
   "Lifting the heel of the bent leg: it shifts load onto the knee; limit depth or hold a light weight in front to counterbalance.",
   "Rounding the back to get lower: it strains the lower back; keep the chest up and only go as deep as your hips allow.",
   "Forcing range too quickly: it can strain the groin; progress depth gradually over weeks and hold a post for support at first."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES",
   "ADDUCTORS"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "CALVES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=cossack+squat+form"
   }
  ]
 },
 {
  "slug": "cross-body-shoulder-stretch",
  "name": "Cross-Body Shoulder Stretch",
  "aliases": [
   "Cross-Arm Stretch",
   "Posterior Shoulder Stretch"
  ],
  "description": "A simple stretch where you pull one arm across your chest to stretch the back of the shoulder. It suits anyone and is useful after pressing and throwing.",
  "instructions": [
   "Stand or sit tall with your shoulders relaxed.",
   "Bring your right arm straight across the front of your chest at about shoulder height.",
   "Place your left hand or forearm on your right upper arm, just above the elbow.",
   "Gently pull your right arm closer to your chest until you feel a stretch at the back of your right shoulder.",
   "Hold for 30 seconds while breathing slowly and keeping your torso facing forward, then switch sides."
  ],
  "common_mistakes": [
   "Pressing directly on the elbow joint: it strains the elbow; hold the upper arm just above it.",
   "Shrugging the stretched shoulder up: it moves the stretch into the neck; keep the shoulder down and back.",
   "Turning the torso toward the arm: it removes the stretch; keep the chest facing forward."
  ],
  "primary_muscles": [
   "REAR_DELTS"
  ],
  "secondary_muscles": [
   "UPPER_BACK",
   "ROTATOR_CUFF"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRETCHING",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=cross+body+shoulder+stretch+form"
   }
  ]
 },
 {
  "slug": "crunch",
  "name": "Crunch",
  "aliases": [
   "Abdominal Crunch",
   "Ab Crunch"
  ],
  "description": "A short-range floor exercise where you curl your upper back off the floor to work the abs. It is simple, needs no equipment and suits beginners who want to train the rectus abdominis directly.",
  "instructions": [
   "Lie on your back with your knees bent and feet flat on the floor, hip-width apart.",
   "Place your fingertips lightly behind your ears or cross your arms over your chest.",
   "Exhale and curl your head, shoulders and upper back off the floor by drawing your ribs toward your pelvis.",
   "Stop when your shoulder blades leave the floor and squeeze your abs for a moment.",
   "Lower slowly back to the start without fully relaxing, then repeat."
  ],
  "common_mistakes": [
   "Pulling on the head with your hands: it strains the neck and reduces the ab work; keep the hands light and leave a fist-sized gap between chin and chest.",
   "Swinging up with momentum or sitting all the way up: it shifts the work to the hip flexors; keep the range short and controlled.",
   "Dropping back down quickly: the lowering phase is half the work; take about two seconds to lower."
  ],
  "primary_muscles": [
   "ABS"
  ],
  "secondary_muscles": [
   "OBLIQUES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=crunch+form"
   }
  ]
 },
 {
  "slug": "dead-bug",
  "name": "Dead Bug",
  "aliases": [],
  "description": "A floor exercise where you slowly extend opposite arm and leg while keeping the lower back pressed down. It teaches the abs to control the pelvis and ribcage while the limbs move, and is ideal for beginners and people returning from back pain.",
  "instructions": [
   "Lie on your back with your arms pointing straight up over your shoulders, and your hips and knees bent to 90 degrees so your shins are parallel to the floor.",
   "Gently press your lower back into the floor and brace your abs.",
   "Slowly extend your right leg and lower your left arm overhead until both hover just above the floor.",
   "Breathe out fully as you reach, keeping your lower back in contact with the floor.",
   "Return the arm and leg to the start with control.",
   "Repeat with the opposite arm and leg, and keep alternating for the set."
  ],
  "common_mistakes": [
   "Letting the lower back arch off the floor: it means the abs have lost control and the spine takes the load; shorten the range by not lowering the limbs as far, or move only the legs.",
   "Rushing the reps: momentum replaces core control; take about 2-3 seconds for each reach and return.",
   "Holding your breath: breathing out as you extend helps the abs keep the ribs down; exhale on each reach and inhale on the return."
  ],
  "primary_muscles": [
   "ABS"
  ],
  "secondary_muscles": [
   "HIP_FLEXORS",
   "OBLIQUES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=dead+bug+form"
   }
  ]
 },
 {
  "slug": "decline-barbell-bench-press",
  "name": "Decline Barbell Bench Press",
  "aliases": [
   "Decline Bench Press",
   "Decline Bench"
  ],
  "description": "A barbell press performed with the head lower than the hips on a decline bench. It emphasises the lower chest, usually allows a shorter range of motion than the flat bench, and suits intermediate lifters training with a spotter.",
  "instructions": [
   "Set a decline bench to about 15-30 degrees and lock your legs under the foot pads so your head is lower than your hips.",
   "Lie back with your eyes roughly under the bar and grip it slightly wider than shoulder width.",
   "Squeeze your shoulder blades together, then unrack the bar, ideally with a spotter's help, and hold it over your lower chest with straight arms.",
   "Lower the bar under control to your lower chest, keeping your elbows about 45-70 degrees from your body.",
   "Press the bar back up to straight arms and repeat.",
   "Rack the bar with your spotter's help, then sit up slowly to avoid feeling light-headed."
  ],
  "common_mistakes": [
   "Training alone with heavy weights: getting out from under a failed rep on a decline is very hard; use a spotter or safety arms and stop sets short of failure.",
   "Letting the bar drift toward the neck or face: losing control there is dangerous; keep the bar path over the lower chest throughout.",
   "Bouncing the bar off the chest: it uses momentum and risks rib or sternum injury; pause lightly on the chest and press under control."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "TRICEPS",
   "FRONT_DELTS"
  ],
  "equipment": [
   "BARBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=decline+barbell+bench+press+form"
   }
  ]
 },
 {
  "slug": "deep-squat-hold",
  "name": "Deep Squat Hold",
  "aliases": [
   "Deep Squat",
   "Resting Squat"
  ],
  "description": "Sitting and holding the bottom of a bodyweight squat with heels down. It improves hip, knee and ankle mobility for squatting and everyday movement, and suits all levels with support if needed.",
  "instructions": [
   "Stand with your feet slightly wider than shoulder-width and your toes turned out about 15-30 degrees.",
   "Keeping your heels on the floor, sit your hips down between your heels as low as you comfortably can.",
   "Keep your chest up, with your hands together in front of your chest and your elbows pressing gently against the insides of your knees.",
   "Let your knees track over your toes with your weight spread evenly across your feet.",
   "Breathe slowly and hold for 30-60 seconds, building toward a few minutes over time.",
   "Push through your feet to stand up with control."
  ],
  "common_mistakes": [
   "Letting the heels lift: it shifts strain to the knees; hold onto a post or door frame for balance, or place small plates under the heels while mobility improves.",
   "Letting the knees cave inward: it stresses the knee joints; push the knees out in line with the toes.",
   "Forcing depth through knee or hip pain: it can irritate the joints; hold a shallower position that is comfortable."
  ],
  "primary_muscles": [
   "GLUTES",
   "ADDUCTORS"
  ],
  "secondary_muscles": [
   "QUADRICEPS",
   "CALVES",
   "LOWER_BACK"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "MOBILITY",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=deep+squat+hold+form"
   }
  ]
 },
 {
  "slug": "depth-jump",
  "name": "Depth Jump",
  "aliases": [
   "Drop Jump",
   "Shock Jump"
  ],
  "description": "Stepping off a box, landing, and immediately jumping as high as possible with minimal ground contact. It trains the stretch-shortening reflex for explosive power; it is high-impact and suits trained athletes with a solid strength and landing base.",
  "instructions": [
   "Stand on a box about 12 to 18 inches high, with space in front of it.",
   "Step off the box with one foot (do not jump off), bringing the other foot to meet it.",
   "Land on both feet at once on the balls of the feet, with knees slightly bent.",
   "Immediately jump straight up as high as possible, spending as little time on the ground as you can.",
   "Land softly with bent knees, then walk back and fully rest before the next rep."
  ],
  "common_mistakes": [
   "Using a box that is too high: the landing forces overwhelm you and the heels slam down; start low and only raise the box if your rebound jump gets higher.",
   "Sinking into a deep squat on landing: it defeats the quick rebound and loads the knees; keep contact short and stiff but not locked.",
   "Doing depth jumps without a strength base or with high volume: it stresses tendons and joints; master box jumps and squats first, and keep sets to a few high-quality reps."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES",
   "CALVES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS"
  ],
  "equipment": [
   "PLYO_BOX"
  ],
  "category": "PLYOMETRIC",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=depth+jump+form"
   }
  ]
 },
 {
  "slug": "diamond-push-up",
  "name": "Diamond Push-Up",
  "aliases": [
   "Triangle Push-Up",
   "Close-Grip Push-Up"
  ],
  "description": "A push-up with the hands close together under the chest, forming a diamond shape with the thumbs and index fingers. It shifts emphasis to the triceps and suits those who can already do regular push-ups with good form.",
  "instructions": [
   "Get into a push-up position and place your hands under your chest so your thumbs and index fingers touch to form a diamond.",
   "Extend your legs back so your body forms a straight line from head to heels, and brace your core.",
   "Bend your elbows to lower your chest toward your hands, keeping your elbows close to your sides.",
   "Lower until your chest is just above your hands.",
   "Press back up until your arms are straight and repeat."
  ],
  "common_mistakes": [
   "Flaring the elbows wide: it strains the elbows and shoulders; keep the elbows tucked back along your sides.",
   "Letting the hips sag or pike up: it reduces core work and loads the lower back; hold a rigid plank line.",
   "Forcing it with wrist pain: the close hand position can strain the wrists; spread the fingers, widen the hands slightly, or go back to regular push-ups."
  ],
  "primary_muscles": [
   "TRICEPS",
   "CHEST"
  ],
  "secondary_muscles": [
   "FRONT_DELTS",
   "ABS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CALISTHENICS",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=diamond+push+up+form"
   }
  ]
 },
 {
  "slug": "doorway-chest-stretch",
  "name": "Doorway Chest Stretch",
  "aliases": [
   "Doorway Pec Stretch"
  ],
  "description": "A standing stretch using a door frame to open up the chest and the front of the shoulders. It helps counter rounded-shoulder posture from desk work and suits all levels.",
  "instructions": [
   "Stand in an open doorway and raise your arms out to the sides with your elbows bent to 90 degrees at about shoulder height.",
   "Place your forearms and palms flat against the door frame on each side.",
   "Step one foot forward through the doorway and lean your body gently forward.",
   "Stop when you feel a stretch across your chest and the front of your shoulders.",
   "Keep your core braced and chin slightly tucked, and hold for 30-60 seconds while breathing slowly.",
   "Step back to release."
  ],
  "common_mistakes": [
   "Leaning too far: it can pinch the front of the shoulder; stop at a comfortable stretch, never pain.",
   "Arching the lower back or poking the head forward: it replaces the stretch with poor posture; keep the ribs down and the head over the shoulders.",
   "Placing the arms too high or feeling tingling in the hands: it can irritate the nerves; lower the elbows to shoulder height or below and ease off."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "FRONT_DELTS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRETCHING",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=doorway+chest+stretch+form"
   }
  ]
 },
 {
  "slug": "dragon-flag",
  "name": "Dragon Flag",
  "aliases": [],
  "description": "An advanced core exercise where you lower your whole body as one straight line while supported only on your upper back and shoulders on a bench. It places extreme load on the abs and suits advanced trainees with a strong core.",
  "instructions": [
   "Lie on your back on a flat bench and grip the bench behind your head, or a sturdy post, with both hands.",
   "Brace your abs and lift your legs and hips until your body is nearly vertical, resting on your upper back and shoulders.",
   "Keep your body straight from shoulders to toes without bending at the hips.",
   "Lower your body slowly as one rigid unit, as far as you can while keeping it straight.",
   "Stop just above the bench, then raise back up to vertical, or lower fully and reset if you can only control the lowering."
  ],
  "common_mistakes": [
   "Bending at the hips: it shortens the lever and removes most of the challenge; keep the body straight, or use a tucked-knee version while building strength.",
   "Resting the weight on the neck: it can strain the cervical spine; keep the weight on the upper back and shoulders.",
   "Dropping uncontrolled: it jars the lower back; start with slow negatives and only go as low as you can control."
  ],
  "primary_muscles": [
   "ABS"
  ],
  "secondary_muscles": [
   "OBLIQUES",
   "HIP_FLEXORS",
   "LATS"
  ],
  "equipment": [
   "BENCH"
  ],
  "category": "CALISTHENICS",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=dragon+flag+form"
   }
  ]
 },
 {
  "slug": "dumbbell-bench-press",
  "name": "Dumbbell Bench Press",
  "aliases": [
   "DB Bench Press",
   "Flat Dumbbell Press"
  ],
  "description": "A flat bench press using a dumbbell in each hand. The free path lets each arm work independently and allows a comfortable range of motion, making it a good chest builder for beginners and experienced lifters alike.",
  "instructions": [
   "Sit on the end of a flat bench with a dumbbell standing on each thigh.",
   "Lie back and use your knees to help bring the dumbbells up beside your chest, then press them up over your chest with palms facing toward your feet.",
   "Plant your feet on the floor and pull your shoulder blades together and down into the bench.",
   "Lower the dumbbells slowly to the sides of your chest, elbows about 45-70 degrees from your body, until you feel a comfortable stretch in your chest.",
   "Press the dumbbells back up and slightly inward until your arms are straight, without clanging them together.",
   "After the last rep, bring the dumbbells to your chest, lift your knees, and use that momentum to sit up with the weights back on your thighs."
  ],
  "common_mistakes": [
   "Dropping the dumbbells out to the sides at the end of a set: it can wrench the shoulders and hit people nearby; return them to your thighs or lower them to the floor under control.",
   "Lowering too deep with flared elbows: the excessive stretch stresses the front of the shoulder; stop at a comfortable stretch with elbows tucked to about 45-70 degrees.",
   "Letting one dumbbell drift lower or wider than the other: it loads one shoulder unevenly; keep both weights level and moving at the same speed."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "FRONT_DELTS",
   "TRICEPS"
  ],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=dumbbell+bench+press+form"
   }
  ]
 },
 {
  "slug": "dumbbell-curl",
  "name": "Dumbbell Curl",
  "aliases": [
   "Dumbbell Biceps Curl",
   "Alternating Dumbbell Curl",
   "Bicep Curl"
  ],
  "description": "A curl with a dumbbell in each hand, turning the palms up as the weight rises. Each arm works independently, making it a simple and effective biceps exercise for beginners.",
  "instructions": [
   "Stand tall holding a dumbbell in each hand at your sides, palms facing your thighs.",
   "Keep your elbows close to your sides and brace your core.",
   "Curl one or both dumbbells up, turning your palms to face up as they rise, until the dumbbells are near your shoulders.",
   "Squeeze your biceps briefly at the top.",
   "Lower the dumbbells slowly to full arm extension, turning the palms back in, and repeat."
  ],
  "common_mistakes": [
   "Swinging the body to lift the weights: momentum reduces biceps work and strains the back; keep the torso still.",
   "Only lowering partway: it cuts the range and limits growth; straighten the arms fully at the bottom.",
   "Letting the elbows drift forward or out: it shifts work to the shoulders; keep the upper arms pinned by your sides."
  ],
  "primary_muscles": [
   "BICEPS"
  ],
  "secondary_muscles": [
   "FOREARMS"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=dumbbell+curl+form"
   }
  ]
 },
 {
  "slug": "dumbbell-fly",
  "name": "Dumbbell Fly",
  "aliases": [
   "Dumbbell Flye",
   "Chest Fly",
   "Flat Dumbbell Fly"
  ],
  "description": "An isolation exercise where the arms open and close in a wide arc while lying on a flat bench. It stretches and works the chest with little triceps involvement and suits beginners using light to moderate weights.",
  "instructions": [
   "Lie on a flat bench holding dumbbells above your chest with palms facing each other and a slight bend in your elbows.",
   "Plant your feet and pull your shoulder blades back against the bench.",
   "Keeping the elbow bend fixed, open your arms out to the sides in a wide arc until you feel a stretch across your chest and your upper arms are about level with the bench.",
   "Squeeze your chest to bring the dumbbells back up along the same arc until they are above your chest.",
   "Pause briefly without letting the dumbbells touch, then repeat."
  ],
  "common_mistakes": [
   "Bending and straightening the elbows during each rep: it turns the fly into a press and takes load off the chest; keep a constant slight bend.",
   "Lowering too far or going too heavy: the big stretch under load can strain the shoulder or pec tendon; stop when the upper arms reach bench level and use moderate weights.",
   "Locking the elbows completely straight: it puts stress on the elbow joint; keep a soft bend throughout."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "FRONT_DELTS"
  ],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=dumbbell+fly+form"
   }
  ]
 },
 {
  "slug": "dumbbell-front-raise",
  "name": "Dumbbell Front Raise",
  "aliases": [
   "Front Raise",
   "Front Delt Raise"
  ],
  "description": "An isolation exercise that lifts dumbbells straight in front of the body to shoulder height. It targets the front deltoids and suits beginners using light weights.",
  "instructions": [
   "Stand tall with feet hip width apart, holding dumbbells in front of your thighs with palms facing your body.",
   "Brace your core and keep a slight bend in your elbows.",
   "Raise one or both dumbbells straight in front of you until your arms are about shoulder height.",
   "Pause briefly without shrugging.",
   "Lower slowly back to your thighs and repeat, alternating arms if you chose that version."
  ],
  "common_mistakes": [
   "Swinging the weights up with the hips and back: it takes work off the shoulders and strains the lower back; use lighter dumbbells and keep the torso still.",
   "Lifting well above shoulder height: it adds little for the front delts and can pinch the shoulder; stop at about eye or shoulder level.",
   "Leaning back as the dumbbells rise: it compresses the lower back; brace your abs and squeeze your glutes."
  ],
  "primary_muscles": [
   "FRONT_DELTS"
  ],
  "secondary_muscles": [
   "SIDE_DELTS",
   "CHEST"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=dumbbell+front+raise+form"
   }
  ]
 },
 {
  "slug": "dumbbell-lateral-raise",
  "name": "Dumbbell Lateral Raise",
  "aliases": [
   "Lateral Raise",
   "Side Lateral Raise",
   "Side Raise"
  ],
  "description": "An isolation exercise that lifts dumbbells out to the sides to work the side deltoids. It builds shoulder width and is suitable for beginners using light weights.",
  "instructions": [
   "Stand tall holding light dumbbells at your sides, palms facing in and elbows slightly bent.",
   "Brace your core and lean your torso very slightly forward.",
   "Raise the dumbbells out to your sides, leading with your elbows, until your arms reach about shoulder height.",
   "Keep your wrists level with or just below your elbows, and keep your shoulders down away from your ears.",
   "Lower the dumbbells slowly over two to three seconds and repeat."
  ],
  "common_mistakes": [
   "Swinging the body to lift the weights: momentum takes the work off the shoulders; use lighter dumbbells and keep your torso still.",
   "Shrugging or raising the arms well above shoulder height: it shifts the work to the upper traps; stop at shoulder height and keep the shoulders down.",
   "Going too heavy: the side delts are small and heavy loads force cheating; pick a weight you can control for 10-20 reps."
  ],
  "primary_muscles": [
   "SIDE_DELTS"
  ],
  "secondary_muscles": [
   "FRONT_DELTS",
   "TRAPS"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=dumbbell+lateral+raise+form"
   }
  ]
 },
 {
  "slug": "dumbbell-shrug",
  "name": "Dumbbell Shrug",
  "aliases": [
   "DB Shrug"
  ],
  "description": "A shrug holding a dumbbell in each hand at your sides, which lets the shoulders move in a natural line. It builds the upper trapezius and grip and suits beginners.",
  "instructions": [
   "Stand tall holding a dumbbell in each hand at your sides, palms facing your body.",
   "Keep your arms straight, chest up and neck neutral.",
   "Shrug your shoulders straight up toward your ears as high as you can.",
   "Hold the top position for one to two seconds.",
   "Lower your shoulders slowly to a full stretch and repeat."
  ],
  "common_mistakes": [
   "Poking the head forward while shrugging: it strains the neck; keep the chin slightly tucked and eyes forward.",
   "Bending the elbows: it brings the biceps in and reduces trap work; keep the arms straight.",
   "Rushing through short reps: it reduces the stimulus; pause at the top and lower under control."
  ],
  "primary_muscles": [
   "TRAPS"
  ],
  "secondary_muscles": [
   "FOREARMS"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=dumbbell+shrug+form"
   }
  ]
 },
 {
  "slug": "ez-bar-curl",
  "name": "EZ-Bar Curl",
  "aliases": [
   "EZ Curl",
   "EZ Bar Biceps Curl"
  ],
  "description": "A standing curl using an EZ bar, whose angled grips put the wrists in a more comfortable position than a straight bar. It builds the biceps and suits beginners, especially those with wrist discomfort on straight-bar curls.",
  "instructions": [
   "Stand tall holding an EZ bar with an underhand grip on the inner or outer angled handles, arms straight and bar against your thighs.",
   "Keep your elbows close to your sides and brace your core.",
   "Curl the bar up toward your shoulders, keeping your upper arms still.",
   "Squeeze your biceps at the top.",
   "Lower the bar slowly until your arms are fully straight and repeat."
  ],
  "common_mistakes": [
   "Rocking the torso to swing the bar: it uses momentum and stresses the lower back; keep the body still and reduce the weight.",
   "Letting the elbows move forward as you curl: it shifts work to the shoulders; keep the upper arms by your sides.",
   "Cutting reps short at the bottom: it limits biceps development; lower until the arms are straight each rep."
  ],
  "primary_muscles": [
   "BICEPS"
  ],
  "secondary_muscles": [
   "FOREARMS"
  ],
  "equipment": [
   "EZ_BAR"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=ez+bar+curl+form"
   }
  ]
 },
 {
  "slug": "face-pull",
  "name": "Face Pull",
  "aliases": [
   "Cable Face Pull",
   "Rope Face Pull"
  ],
  "description": "A cable pull toward the face with the elbows high and the hands finishing beside the ears. It strengthens the rear delts, upper back and rotator cuff, supports shoulder health, and suits all levels.",
  "instructions": [
   "Set a cable pulley at about upper-chest to forehead height and attach a rope.",
   "Grab the rope ends with your thumbs pointing toward you and step back until your arms are straight and the weight is lifted.",
   "Stand tall in a staggered stance and brace your core.",
   "Pull the rope toward your face, leading with your elbows held high and pulling the rope ends apart.",
   "Finish with your hands beside your ears, upper arms about parallel to the floor and knuckles turned back.",
   "Pause briefly, then return slowly until your arms are straight again."
  ],
  "common_mistakes": [
   "Using too much weight and leaning back: it turns the move into a heavy row and loses the rotator cuff work; use a light load and stay upright.",
   "Letting the elbows drop below the hands: it becomes a low row; keep the elbows at or above shoulder height.",
   "Not pulling the rope apart: the hands end up in front of the face and the rear delts do less; separate the rope ends to finish beside the ears."
  ],
  "primary_muscles": [
   "REAR_DELTS"
  ],
  "secondary_muscles": [
   "UPPER_BACK",
   "ROTATOR_CUFF"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=face+pull+form"
   }
  ]
 },
 {
  "slug": "farmers-walk",
  "name": "Farmer's Walk",
  "aliases": [
   "Farmer's Carry",
   "Farmers Carry",
   "Loaded Carry"
  ],
  "description": "A loaded carry where you walk while holding a heavy weight in each hand at your sides. It builds grip, traps and core stability with a very simple movement and suits beginners upward.",
  "instructions": [
   "Place a heavy dumbbell or kettlebell beside each foot.",
   "Squat down with a flat back, grip the handles firmly, and stand up by driving through your legs.",
   "Stand tall with your shoulders back and down, chest up and core braced.",
   "Walk forward with short, controlled steps for a set distance or time, keeping the weights still at your sides.",
   "Stop, then squat down with a flat back to set the weights on the floor."
  ],
  "common_mistakes": [
   "Picking up or setting down the weights with a rounded back: it stresses the spine; bend your knees and keep your back flat as in a deadlift.",
   "Leaning or hunching forward while walking: it loads the lower back; stand tall with your ribs down.",
   "Taking long, fast strides: it makes the weights swing and reduces control; use short, steady steps."
  ],
  "primary_muscles": [
   "FOREARMS",
   "TRAPS"
  ],
  "secondary_muscles": [
   "UPPER_BACK",
   "ABS",
   "OBLIQUES",
   "QUADRICEPS"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=farmers+walk+form"
   }
  ]
 },
 {
  "slug": "foam-roll-quadriceps",
  "name": "Foam Roll Quadriceps",
  "aliases": [
   "Quad Foam Rolling",
   "Quad Roll"
  ],
  "description": "Rolling the front of the thighs over a foam roller while supported in a forearm plank. It can reduce the feeling of tightness in the quads before or after training and suits all levels.",
  "instructions": [
   "Lie face down with a foam roller under the front of your thighs, supporting your upper body on your forearms.",
   "Brace your core so your hips and lower back stay level, as in a plank.",
   "Use your arms to roll your body slowly so the roller travels from just above your knees to just below your hips.",
   "When you find a tender spot, pause for 20-30 seconds and breathe, or slowly bend and straighten your knee.",
   "For more pressure, shift your weight onto one leg, or turn slightly to reach the inner and outer thigh.",
   "Roll for 1-2 minutes per leg."
  ],
  "common_mistakes": [
   "Rolling over the kneecap: it presses on the joint; stop a few inches above the knee.",
   "Letting the lower back sag: it strains the spine; keep the core braced in a plank position.",
   "Rolling so hard that you tense up in pain: a tense muscle does not relax; use moderate pressure you can breathe through."
  ],
  "primary_muscles": [
   "QUADRICEPS"
  ],
  "secondary_muscles": [
   "HIP_FLEXORS"
  ],
  "equipment": [
   "FOAM_ROLLER"
  ],
  "category": "MOBILITY",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=foam+roll+quadriceps+form"
   }
  ]
 },
 {
  "slug": "foam-roll-thoracic-spine",
  "name": "Foam Roll Thoracic Spine",
  "aliases": [
   "Thoracic Foam Rolling",
   "Upper Back Foam Roll"
  ],
  "description": "Rolling the upper back over a foam roller and gently extending over it. It eases upper-back stiffness and improves extension for posture and overhead movements, and suits all levels.",
  "instructions": [
   "Sit on the floor with a foam roller behind you, then lie back so it sits across your upper back just below your shoulder blades.",
   "Bend your knees with feet flat, and cross your arms over your chest or support your head lightly with your hands.",
   "Lift your hips slightly and use your legs to roll slowly up and down between the bottom of your shoulder blades and the top of your shoulders.",
   "To work on extension, pause on a spot, lower your hips and gently arch your upper back over the roller for a few breaths.",
   "Move the roller an inch or two and repeat, for a total of 1-2 minutes."
  ],
  "common_mistakes": [
   "Rolling down onto the lower back: there are no ribs to support it and it can over-arch; stay between the shoulder blades and the base of the neck.",
   "Pulling on the head with the hands: it strains the neck; just cradle the head or cross the arms over the chest.",
   "Rolling fast and hard: it does little and can be painful; move slowly and breathe on stiff spots."
  ],
  "primary_muscles": [
   "UPPER_BACK"
  ],
  "secondary_muscles": [
   "LATS"
  ],
  "equipment": [
   "FOAM_ROLLER"
  ],
  "category": "MOBILITY",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=foam+roll+thoracic+spine+form"
   }
  ]
 },
 {
  "slug": "front-squat",
  "name": "Front Squat",
  "aliases": [
   "Barbell Front Squat"
  ],
  "description": "A barbell squat with the bar held on the front of the shoulders. The upright torso shifts more work to the quads and demands a strong upper back and core; it suits lifters with decent wrist, ankle and thoracic mobility.",
  "instructions": [
   "Set the bar in a rack at upper-chest height with safety arms just below your squat depth.",
   "Step in so the bar sits on the front of your shoulders against the throat, with fingertips under the bar just outside the shoulders (or arms crossed) and elbows pointing forward.",
   "Lift the elbows high so your upper arms are close to parallel to the floor, unrack and step back to a shoulder-width stance.",
   "Breathe in and brace, then squat straight down between your heels, keeping the chest tall and elbows up.",
   "Go as deep as you can with a neutral back and heels down, then drive up through the midfoot, leading with the elbows."
  ],
  "common_mistakes": [
   "Dropping the elbows: the bar rolls forward and the back rounds; keep the elbows high throughout and lighten the load if they sink.",
   "Gripping the bar with a full fist and stiff wrists: it strains the wrists; use a loose fingertip grip or crossed arms and let the bar rest on the shoulders, not the hands.",
   "Dumping a failed rep backward: it can injure the wrists and neck; to bail, push the bar forward off the shoulders and step back, and squat inside a rack with safeties."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "UPPER_BACK",
   "ABS",
   "ADDUCTORS",
   "LOWER_BACK"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=front+squat+form"
   }
  ]
 },
 {
  "slug": "glute-bridge",
  "name": "Glute Bridge",
  "aliases": [
   "Hip Bridge",
   "Floor Bridge"
  ],
  "description": "A floor exercise lifting the hips while lying on your back with knees bent. It wakes up and strengthens the glutes, suits complete beginners and makes a good warm-up.",
  "instructions": [
   "Lie on your back with knees bent, feet flat on the floor hip-width apart and arms by your sides.",
   "Brace your core and press your lower back gently toward the floor.",
   "Push through your heels to lift your hips until your body forms a straight line from shoulders to knees.",
   "Squeeze your glutes for a second at the top.",
   "Lower your hips slowly back to the floor and repeat."
  ],
  "common_mistakes": [
   "Arching the lower back at the top: it strains the spine; stop when your body is straight and keep ribs down.",
   "Pushing through the toes: it shifts work to the quads; drive through the heels and midfoot.",
   "Letting the knees fall apart or cave in: it reduces glute work; keep knees in line with your hips and feet."
  ],
  "primary_muscles": [
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "ABS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=glute+bridge+form"
   }
  ]
 },
 {
  "slug": "goblet-squat",
  "name": "Goblet Squat",
  "aliases": [
   "Dumbbell Goblet Squat",
   "Kettlebell Goblet Squat"
  ],
  "description": "A squat holding one dumbbell or kettlebell vertically against the chest. The front load makes it easy to stay upright, so it is the best first loaded squat for beginners and a good warm-up for anyone.",
  "instructions": [
   "Hold one end of a dumbbell (or a kettlebell by the horns) with both hands against your upper chest, elbows pointing down.",
   "Stand with feet slightly wider than shoulder-width and toes turned a little out.",
   "Brace your core and sit down between your heels, keeping the chest up and the weight touching your chest.",
   "Let the knees travel forward and out over the toes, and go as low as you can while the back stays neutral and heels stay down.",
   "Push through the whole foot to stand up tall, squeezing the glutes at the top."
  ],
  "common_mistakes": [
   "Letting the weight drift away from the chest: it pulls the torso forward and rounds the back; keep the dumbbell pinned to the sternum.",
   "Heels lifting or knees caving in: it loads the knees unevenly; spread the floor with your feet, push knees out, and limit depth until mobility improves.",
   "Using a weight too heavy for the arms to hold: the upper body fails first and form breaks; choose a load you can hold comfortably for the whole set."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "ADDUCTORS",
   "ABS",
   "UPPER_BACK"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=goblet+squat+form"
   }
  ]
 },
 {
  "slug": "good-morning",
  "name": "Good Morning",
  "aliases": [
   "Barbell Good Morning"
  ],
  "description": "A hip hinge with a barbell across the upper back, bowing forward and standing back up. It strengthens the hamstrings, glutes and spinal erectors but puts a long lever on the back, so it suits lifters with a solid hinge who start light.",
  "instructions": [
   "Set a barbell on your upper traps as for a back squat and stand with feet hip-width apart.",
   "Unlock your knees slightly, brace your core and set a neutral back.",
   "Push your hips back and tip your torso forward, keeping the back flat and the bar steady on your back.",
   "Lower until you feel a strong hamstring stretch, usually with the torso somewhere above parallel.",
   "Drive the hips forward to return upright, squeezing your glutes at the top."
  ],
  "common_mistakes": [
   "Rounding the back: the long lever makes this very risky for the spine; keep a neutral spine and shorten the range.",
   "Using heavy weights: even moderate loads put large forces on the lower back; start with an empty bar or dowel and progress slowly.",
   "Bending the knees a lot so it becomes a squat: it removes the hamstring focus; keep only a slight fixed knee bend."
  ],
  "primary_muscles": [
   "HAMSTRINGS",
   "LOWER_BACK",
   "GLUTES"
  ],
  "secondary_muscles": [
   "ABS",
   "UPPER_BACK"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=good+morning+form"
   }
  ]
 },
 {
  "slug": "hack-squat",
  "name": "Hack Squat",
  "aliases": [
   "Machine Hack Squat"
  ],
  "description": "A machine squat where you lean back against an angled, guided sled with pads on your shoulders. The fixed path lets you load the quads hard with little balance demand, suiting beginners and lifters focused on leg size.",
  "instructions": [
   "Adjust the shoulder pads, stand on the platform with your back and shoulders flat against the pads, and place your feet shoulder-width apart in the middle of the platform.",
   "Stand up to lift the sled and release the safety handles.",
   "Bend your knees and lower under control, keeping your back against the pad and heels on the platform.",
   "Go down until your thighs are about parallel to the platform or as deep as is comfortable for your knees and hips.",
   "Press through the whole foot to straighten your legs without locking the knees hard, then re-engage the safety handles after the last rep."
  ],
  "common_mistakes": [
   "Letting the lower back or hips lift off the pad at the bottom: it rounds the spine under load; only go as deep as you can stay flat against the pad.",
   "Snapping the knees into lockout: it puts heavy load on the joint; stop just short of full lock and keep the movement controlled.",
   "Heels lifting off the platform: it stresses the knees; move your feet slightly higher on the platform and push through the heels."
  ],
  "primary_muscles": [
   "QUADRICEPS"
  ],
  "secondary_muscles": [
   "GLUTES",
   "ADDUCTORS"
  ],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=hack+squat+form"
   }
  ]
 },
 {
  "slug": "hammer-curl",
  "name": "Hammer Curl",
  "aliases": [
   "Dumbbell Hammer Curl",
   "Neutral-Grip Curl"
  ],
  "description": "A dumbbell curl performed with the palms facing each other throughout. It works the biceps together with the brachialis and forearm muscles, and it suits beginners.",
  "instructions": [
   "Stand tall holding a dumbbell in each hand at your sides with palms facing your body.",
   "Keep your elbows close to your sides and brace your core.",
   "Curl the dumbbells up toward your shoulders, keeping your palms facing each other the whole time.",
   "Pause briefly at the top.",
   "Lower the dumbbells slowly until your arms are straight, then repeat with both arms or alternating."
  ],
  "common_mistakes": [
   "Swinging the dumbbells up: momentum reduces the work on the arm muscles; use a weight you can lift with the body still.",
   "Rotating the wrists during the curl: it turns the move into a regular curl; keep the thumbs pointing up.",
   "Letting the elbows drift forward: it brings in the front delts; keep the upper arms still at your sides."
  ],
  "primary_muscles": [
   "BICEPS",
   "FOREARMS"
  ],
  "secondary_muscles": [],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=hammer+curl+form"
   }
  ]
 },
 {
  "slug": "handstand-push-up",
  "name": "Handstand Push-Up",
  "aliases": [
   "HSPU",
   "Wall Handstand Push-Up"
  ],
  "description": "A vertical push-up performed upside down against a wall, lowering the head toward the floor and pressing back to straight arms. It is a demanding bodyweight shoulder builder for advanced trainees who can hold a wall handstand and do deficit pike push-ups.",
  "instructions": [
   "Put a folded mat against a wall and place your hands on the floor about shoulder-width apart and 15-30 cm (6-12 inches) from the wall.",
   "Kick up into a handstand with your heels resting on the wall and your arms locked.",
   "Brace your core and squeeze your glutes so your body stays straight.",
   "Bend your elbows to lower your head slowly toward the mat, keeping your elbows angled about 45 degrees from your body.",
   "Touch your head lightly to the mat so that your head and hands form a triangle.",
   "Press back up to straight arms and repeat.",
   "To come down, lower one leg at a time with control."
  ],
  "common_mistakes": [
   "Dropping onto the head: it can injure the neck; lower slowly, use a thick mat, and build strength with pike push-ups before trying full reps.",
   "Flaring the elbows straight out to the sides: it stresses the shoulders; keep the elbows angled slightly forward of the body.",
   "Letting the lower back arch heavily: it loads the spine and leaks force; brace the abs and squeeze the glutes to keep the body straight."
  ],
  "primary_muscles": [
   "FRONT_DELTS",
   "TRICEPS"
  ],
  "secondary_muscles": [
   "SIDE_DELTS",
   "TRAPS",
   "ABS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CALISTHENICS",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=handstand+push+up+form"
   }
  ]
 },
 {
  "slug": "hang-clean",
  "name": "Hang Clean",
  "aliases": [
   "Barbell Hang Clean"
  ],
  "description": "A clean started from a standing position with the bar hanging at mid-thigh rather than on the floor. It teaches the explosive hip extension and fast catch of the clean with less technical demand, and is a common first step into Olympic lifting.",
  "instructions": [
   "Deadlift the bar to standing and grip it just outside your thighs with straight arms.",
   "Push your hips back with soft knees and slide the bar down to mid-thigh, keeping your back flat and shoulders over the bar.",
   "Jump explosively by driving your hips forward and extending your knees and ankles, then shrug.",
   "Pull yourself under the bar and rotate your elbows forward fast so the bar lands on the front of your shoulders.",
   "Catch in a partial or full front squat with elbows high, then stand up tall.",
   "Lower the bar back to the hang position under control before the next rep."
  ],
  "common_mistakes": [
   "Bending the arms too soon: it robs power and strains the elbows; keep arms straight until the hips finish the jump.",
   "Swinging the bar forward by thrusting the hips into it: the bar loops away and the catch becomes unstable; keep the bar close to the body.",
   "Dipping too low so it becomes a squat: it changes the pull; hinge at the hips with just a slight knee bend.",
   "Catching with low elbows or soft core: the bar can crash onto the wrists and pull you forward; brace and snap the elbows up."
  ],
  "primary_muscles": [
   "GLUTES",
   "HAMSTRINGS",
   "QUADRICEPS"
  ],
  "secondary_muscles": [
   "TRAPS",
   "LOWER_BACK",
   "UPPER_BACK",
   "CALVES",
   "FRONT_DELTS",
   "FOREARMS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "OLYMPIC_LIFTING",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=hang+clean+form"
   }
  ]
 },
 {
  "slug": "hang-power-snatch",
  "name": "Hang Power Snatch",
  "aliases": [
   "Barbell Hang Power Snatch"
  ],
  "description": "A snatch started from a hang position at mid-thigh and caught overhead in a partial squat. It develops explosive hip extension and a fast overhead catch, and is usually taught before the full snatch.",
  "instructions": [
   "Stand tall holding the bar with a wide snatch grip so it rests in your hip crease.",
   "Push your hips back with soft knees to lower the bar to mid-thigh, keeping the back flat and arms straight.",
   "Jump explosively by driving the hips forward and extending knees and ankles, then shrug.",
   "Pull yourself under the bar, keeping it close, and punch the arms up to lockout.",
   "Catch the bar overhead in a quarter squat with arms locked and the bar over the back of your neck, then stand tall.",
   "Lower the bar to your shoulders and then to the hang position with control, or drop it on bumper plates."
  ],
  "common_mistakes": [
   "Swinging the bar out in front: the bar lands too far forward and strains the shoulders; keep it close from thigh to overhead.",
   "Pressing the bar out with bent arms: a soft lockout stresses the elbows and shoulders; punch to a locked position as you drop.",
   "Rounding the back in the hang: it loads the spine; hinge with a flat back and limit the dip to mid-thigh."
  ],
  "primary_muscles": [
   "GLUTES",
   "HAMSTRINGS",
   "QUADRICEPS"
  ],
  "secondary_muscles": [
   "TRAPS",
   "UPPER_BACK",
   "FRONT_DELTS",
   "SIDE_DELTS",
   "TRICEPS",
   "LOWER_BACK"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "OLYMPIC_LIFTING",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=hang+power+snatch+form"
   }
  ]
 },
 {
  "slug": "hanging-knee-raise",
  "name": "Hanging Knee Raise",
  "aliases": [],
  "description": "A hanging core exercise where you bring your knees toward your chest from a pull-up bar. It trains the abs and hip flexors and builds grip, and is the stepping stone to the straight-leg hanging raise.",
  "instructions": [
   "Hang from a pull-up bar with an overhand, shoulder-width grip and straight arms.",
   "Set your shoulders by pulling them slightly down away from your ears and brace your abs.",
   "Bend your knees and lift them toward your chest, curling your pelvis up at the top.",
   "Pause briefly when your knees are at or above hip height.",
   "Lower your legs with control until they hang straight, and stop any swing before the next rep."
  ],
  "common_mistakes": [
   "Swinging the body: momentum replaces ab work; lower slowly and pause at the bottom of each rep.",
   "Stopping at hip height without curling the pelvis: the abs barely shorten; roll the hips up so the knees move toward the chest.",
   "Hanging with completely relaxed shoulders: it puts passive stress on the shoulder joints; keep them lightly engaged and pulled down throughout."
  ],
  "primary_muscles": [
   "ABS",
   "HIP_FLEXORS"
  ],
  "secondary_muscles": [
   "OBLIQUES",
   "FOREARMS"
  ],
  "equipment": [
   "PULL_UP_BAR"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=hanging+knee+raise+form"
   }
  ]
 },
 {
  "slug": "hanging-leg-raise",
  "name": "Hanging Leg Raise",
  "aliases": [
   "Straight-Leg Hanging Raise"
  ],
  "description": "A hanging core exercise where you lift straight legs from a pull-up bar by curling the pelvis up. It is one of the hardest direct ab exercises, also challenges grip, and suits lifters who have mastered the hanging knee raise.",
  "instructions": [
   "Grab a pull-up bar with an overhand, shoulder-width grip and hang with your arms straight and legs together.",
   "Pull your shoulders down slightly away from your ears and brace your abs to stop any swing.",
   "Keeping your legs straight, raise them in front of you, tilting your pelvis up, until your feet reach at least hip height.",
   "Pause briefly at the top.",
   "Lower your legs slowly over 2-3 seconds without letting your body swing."
  ],
  "common_mistakes": [
   "Swinging between reps: momentum does the work and makes the bar hard to hold; pause at the bottom and let the swing die before each rep.",
   "Lifting the legs without curling the pelvis: the hip flexors do most of the work and the lower back arches; think about tucking your tailbone toward the front as the legs rise.",
   "Dropping the legs quickly: it wastes the lowering phase and starts a swing; control the descent.",
   "Trying it before you are ready: if your legs bend or you swing on every rep, build up with hanging knee raises first."
  ],
  "primary_muscles": [
   "ABS",
   "HIP_FLEXORS"
  ],
  "secondary_muscles": [
   "OBLIQUES",
   "FOREARMS"
  ],
  "equipment": [
   "PULL_UP_BAR"
  ],
  "category": "STRENGTH",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=hanging+leg+raise+form"
   }
  ]
 },
 {
  "slug": "high-knees",
  "name": "High Knees",
  "aliases": [
   "Running in Place"
  ],
  "description": "A running-in-place drill where you drive each knee up toward hip height. It raises the heart rate, warms up the hips and trains quick footwork, and suits beginners.",
  "instructions": [
   "Stand tall with your feet hip-width apart and your arms bent at about 90 degrees.",
   "Drive your right knee up toward hip height while staying on the ball of your left foot.",
   "Quickly switch legs, driving the left knee up as the right foot lands.",
   "Pump your arms in rhythm with your legs, as in sprinting.",
   "Stay light on the balls of your feet with your torso upright for the set time."
  ],
  "common_mistakes": [
   "Leaning back to get the knees up: it strains the lower back and reduces hip flexor work; stay tall or lean very slightly forward.",
   "Letting the knees drop low as you tire: it turns the drill into a jog; slow the pace and keep the knees near hip height.",
   "Landing heavily on the heels: it jars the joints; land quietly on the balls of the feet."
  ],
  "primary_muscles": [
   "HIP_FLEXORS",
   "QUADRICEPS"
  ],
  "secondary_muscles": [
   "CALVES",
   "GLUTES",
   "ABS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CARDIO",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=high+knees+form"
   }
  ]
 },
 {
  "slug": "hip-abduction-machine",
  "name": "Hip Abduction Machine",
  "aliases": [
   "Outer Thigh Machine",
   "Seated Hip Abduction"
  ],
  "description": "A seated machine exercise pushing the legs apart against padded levers. It strengthens the glute medius and outer hip muscles that stabilize the knee and pelvis, and suits beginners.",
  "instructions": [
   "Adjust the machine so your legs start together, with the pads on the outside of your knees or lower thighs.",
   "Sit tall against the backrest and hold the handles.",
   "Push your knees outward as far as you can under control.",
   "Pause briefly, then let the legs return slowly to the start without letting the weights touch down."
  ],
  "common_mistakes": [
   "Using momentum to bounce the legs apart: it reduces muscle tension; push and return slowly.",
   "Slumping or rocking the torso: it shifts work away from the hips; sit tall and keep the back against the pad.",
   "Going too heavy with a tiny range of motion: it trains little; use a load you can move through a full comfortable range."
  ],
  "primary_muscles": [
   "ABDUCTORS"
  ],
  "secondary_muscles": [
   "GLUTES"
  ],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=hip+abduction+machine+form"
   }
  ]
 },
 {
  "slug": "hip-adduction-machine",
  "name": "Hip Adduction Machine",
  "aliases": [
   "Inner Thigh Machine",
   "Seated Hip Adduction"
  ],
  "description": "A seated machine exercise squeezing the legs together against padded levers. It strengthens the inner-thigh (adductor) muscles and suits beginners.",
  "instructions": [
   "Set the machine so the pads start at a comfortable width where you feel a mild inner-thigh stretch, not pain.",
   "Sit with your back against the pad and the pads on the inside of your knees or lower thighs.",
   "Squeeze your legs together until the pads nearly meet.",
   "Pause briefly, then let your legs open slowly back to the start."
  ],
  "common_mistakes": [
   "Setting the starting width too wide: it can strain the groin; start narrow and widen gradually.",
   "Letting the weight pull the legs open quickly: it jerks the adductors; control the return.",
   "Leaning forward or rocking: it reduces the work of the adductors; sit tall against the backrest."
  ],
  "primary_muscles": [
   "ADDUCTORS"
  ],
  "secondary_muscles": [],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=hip+adduction+machine+form"
   }
  ]
 },
 {
  "slug": "hip-thrust",
  "name": "Hip Thrust",
  "aliases": [
   "Barbell Hip Thrust",
   "Glute Thrust"
  ],
  "description": "A glute exercise where you rest your upper back on a bench and drive a barbell up with your hips. It targets the glutes through a strong lockout with little stress on the lower back and suits all levels.",
  "instructions": [
   "Sit on the floor with your upper back (just below the shoulder blades) against the edge of a bench and roll a padded barbell over your hips.",
   "Plant your feet flat about hip-width apart, close enough that your shins are vertical at the top.",
   "Tuck your chin slightly, brace your core and drive through your heels to lift your hips until your body is straight from shoulders to knees.",
   "Squeeze your glutes hard at the top with ribs down, keeping your lower back neutral.",
   "Lower your hips under control until just above the floor and repeat."
  ],
  "common_mistakes": [
   "Arching the lower back to lift higher: it strains the spine and reduces glute work; finish with ribs down and a posterior pelvic tilt.",
   "Feet too far or too close: too far shifts work to the hamstrings, too close to the quads; set feet so shins are vertical at the top.",
   "Skipping a bar pad: the bar presses on the hip bones and hurts; use a pad or folded mat across the hips."
  ],
  "primary_muscles": [
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "QUADRICEPS",
   "ADDUCTORS"
  ],
  "equipment": [
   "BARBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=hip+thrust+form"
   }
  ]
 },
 {
  "slug": "hollow-body-hold",
  "name": "Hollow Body Hold",
  "aliases": [
   "Hollow Hold",
   "Hollow Position"
  ],
  "description": "A gymnastics core hold where you lie on your back with arms and legs lifted in a shallow banana shape. It builds the full-body tension used in pull-ups, handstands and other calisthenics skills, and suits people who can already hold a solid plank.",
  "instructions": [
   "Lie on your back with your arms extended overhead and your legs straight and together.",
   "Press your lower back firmly into the floor by bracing your abs and tilting your pelvis back slightly.",
   "Lift your shoulders and upper back off the floor, keeping your chin slightly tucked.",
   "Lift your legs a few inches off the floor, keeping them straight with toes pointed.",
   "Hold the shape for the target time while breathing steadily.",
   "To make it easier, bend your knees or bring your arms down by your sides."
  ],
  "common_mistakes": [
   "Lower back lifting off the floor: it shifts the load onto the spine and hip flexors; raise the legs higher or bend the knees until you can keep the back flat.",
   "Jamming the chin into the chest or straining the neck: it causes neck pain; keep a small gap between chin and chest and lift from the upper back.",
   "Holding too long with poor shape: time spent in a bad position builds nothing; do shorter holds of 15-20 seconds with perfect form."
  ],
  "primary_muscles": [
   "ABS"
  ],
  "secondary_muscles": [
   "HIP_FLEXORS",
   "QUADRICEPS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=hollow+body+hold+form"
   }
  ]
 },
 {
  "slug": "incline-barbell-bench-press",
  "name": "Incline Barbell Bench Press",
  "aliases": [
   "Incline Bench Press",
   "Incline Bench"
  ],
  "description": "A barbell press performed on a bench set to a moderate incline. It shifts more of the work to the upper chest and front shoulders and suits lifters who are already comfortable with the flat bench press.",
  "instructions": [
   "Set an adjustable bench to about 30-45 degrees inside a rack and lie back with your eyes under the bar.",
   "Plant your feet, grip the bar slightly wider than shoulder width, and pull your shoulder blades back and down.",
   "Unrack the bar and hold it with straight arms over your upper chest.",
   "Lower the bar under control to your upper chest, just below the collarbones, keeping your forearms roughly vertical.",
   "Press the bar back up in a straight line until your arms are fully extended.",
   "Repeat for the set, then guide the bar back into the hooks before letting go."
  ],
  "common_mistakes": [
   "Setting the bench too steep: beyond about 45 degrees the lift becomes mostly a shoulder press; keep the incline between 30 and 45 degrees.",
   "Lowering the bar to the mid or lower chest: the bar path becomes awkward and strains the shoulders; aim for the upper chest just below the collarbones.",
   "Arching so hard that the hips leave the bench: it flattens the incline and stresses the lower back; keep your glutes on the seat and your ribs down."
  ],
  "primary_muscles": [
   "CHEST",
   "FRONT_DELTS"
  ],
  "secondary_muscles": [
   "TRICEPS"
  ],
  "equipment": [
   "BARBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=incline+barbell+bench+press+form"
   }
  ]
 },
 {
  "slug": "incline-dumbbell-curl",
  "name": "Incline Dumbbell Curl",
  "aliases": [
   "Incline Curl",
   "Incline Bench Curl"
  ],
  "description": "A dumbbell curl performed lying back on an incline bench so the arms hang behind the body. This places the biceps in a stretched position and suits lifters who already curl with good control.",
  "instructions": [
   "Set an adjustable bench to about 45-60 degrees and sit back with a dumbbell in each hand.",
   "Let your arms hang straight down from your shoulders, palms facing forward, with your head and back against the pad.",
   "Curl the dumbbells up toward your shoulders while keeping your upper arms still and pointing toward the floor.",
   "Squeeze at the top briefly.",
   "Lower the dumbbells slowly until your arms are fully straight again and repeat."
  ],
  "common_mistakes": [
   "Lifting the shoulders off the pad and swinging the elbows forward: it removes the stretch that makes this exercise useful; keep the upper arms hanging still.",
   "Using the same weight as standing curls: the stretched position is much harder; start noticeably lighter.",
   "Dropping into the bottom stretch: a fast drop can strain the biceps tendon; lower slowly and under control."
  ],
  "primary_muscles": [
   "BICEPS"
  ],
  "secondary_muscles": [
   "FOREARMS"
  ],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=incline+dumbbell+curl+form"
   }
  ]
 },
 {
  "slug": "incline-dumbbell-press",
  "name": "Incline Dumbbell Press",
  "aliases": [
   "Incline DB Press",
   "Incline Dumbbell Bench Press"
  ],
  "description": "A press performed with dumbbells on an incline bench. It targets the upper chest and front shoulders with a shoulder-friendly range of motion and suits beginners upward.",
  "instructions": [
   "Set an adjustable bench to about 30-45 degrees and sit with a dumbbell resting on each thigh.",
   "Lie back, using your knees to help lift the dumbbells to shoulder level, then press them up over your upper chest.",
   "Plant your feet and pull your shoulder blades back and down against the bench.",
   "Lower the dumbbells slowly to the sides of your upper chest, elbows slightly tucked, until you feel a comfortable stretch.",
   "Press the dumbbells back up until your arms are straight over your upper chest.",
   "Repeat, and after the final rep bring the dumbbells back to your thighs before sitting up."
  ],
  "common_mistakes": [
   "Using too steep a bench angle: above about 45 degrees the shoulders take over; keep the incline moderate to keep the chest working.",
   "Arching the lower back off the bench: it reduces the incline and strains the spine; keep your hips and upper back in contact with the pad.",
   "Letting the dumbbells drift back over the face: it puts the shoulders in a weak position; press in line with the upper chest."
  ],
  "primary_muscles": [
   "CHEST",
   "FRONT_DELTS"
  ],
  "secondary_muscles": [
   "TRICEPS"
  ],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=incline+dumbbell+press+form"
   }
  ]
 },
 {
  "slug": "incline-push-up",
  "name": "Incline Push-Up",
  "aliases": [
   "Hands-Elevated Push-Up",
   "Elevated Push-Up"
  ],
  "description": "A push-up with the hands on a raised surface such as a bench, which reduces the share of bodyweight you press. It is the ideal starting point for beginners working toward full push-ups.",
  "instructions": [
   "Stand facing a sturdy bench or box and place your hands on its edge slightly wider than shoulder width.",
   "Walk your feet back until your body forms a straight line from head to heels, then brace your abs and squeeze your glutes.",
   "Bend your elbows to lower your chest toward the edge of the bench, elbows about 45 degrees from your body.",
   "Stop when your chest is just above the bench.",
   "Push back up until your arms are straight and repeat; use a lower surface as you get stronger."
  ],
  "common_mistakes": [
   "Using an unstable or sliding surface: it can tip or move and cause a fall; use a bench, box or bar that is secure.",
   "Sagging or piking at the hips: it reduces core work and strains the back; keep a straight line from head to heels.",
   "Shortening the range: stopping halfway limits progress; lower until the chest nearly touches the surface."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "TRICEPS",
   "FRONT_DELTS"
  ],
  "equipment": [
   "BODYWEIGHT",
   "BENCH"
  ],
  "category": "CALISTHENICS",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=incline+push+up+form"
   }
  ]
 },
 {
  "slug": "incline-treadmill-walk",
  "name": "Incline Treadmill Walk",
  "aliases": [
   "Incline Walking",
   "12-3-30"
  ],
  "description": "Walking on a treadmill set to a steep incline. It raises the heart rate with low impact and works the glutes and calves harder than flat walking, making it suitable for beginners and people who cannot run.",
  "instructions": [
   "Clip on the safety key and start the treadmill at a slow walking speed with no incline.",
   "Walk for a few minutes to warm up.",
   "Raise the incline gradually, for example to 5-12 percent, and set a speed you can walk at without holding on, often 4-5.5 km/h (2.5-3.5 mph).",
   "Walk tall with a slight forward lean from the ankles, pushing through your whole foot and swinging your arms naturally.",
   "Keep a steady pace for your planned time.",
   "Lower the incline and speed gradually to cool down before stopping the belt."
  ],
  "common_mistakes": [
   "Holding the handrails and leaning back: it takes away much of the work; let go and reduce the speed or incline until you can walk unsupported.",
   "Jumping to a very steep incline right away: it can overload the calves, Achilles tendons and shins; increase the incline over several sessions.",
   "Walking on the toes: it strains the calves; place the whole foot down on each step."
  ],
  "primary_muscles": [
   "GLUTES",
   "CALVES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "QUADRICEPS"
  ],
  "equipment": [
   "TREADMILL"
  ],
  "category": "CARDIO",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=incline+treadmill+walk+form"
   }
  ]
 },
 {
  "slug": "inverted-row",
  "name": "Inverted Row",
  "aliases": [
   "Bodyweight Row",
   "Australian Pull-Up",
   "Australian Row"
  ],
  "description": "A bodyweight row pulling your chest up to a bar set at about waist height while your heels stay on the floor. It builds back strength, prepares you for pull-ups, and is easy to scale for beginners.",
  "instructions": [
   "Set a barbell in a rack, or a Smith machine bar, at about waist height.",
   "Lie underneath and grip the bar overhand slightly wider than shoulder width, with arms straight and heels on the floor so your body forms a straight line.",
   "Brace your abs and glutes, then pull your chest up to the bar with your elbows about 45 degrees from your body, squeezing your shoulder blades together.",
   "Pause briefly at the top, then lower yourself slowly until your arms are straight.",
   "Make it easier by raising the bar or bending your knees, and harder by lowering the bar or raising your feet."
  ],
  "common_mistakes": [
   "Letting the hips sag: it reduces core work and shortens the pull; keep a straight line from head to heels.",
   "Reaching the chin toward the bar: it strains the neck and cuts the range short; keep the neck neutral and bring the chest to the bar.",
   "Shrugging the shoulders up: it shifts work to the upper traps; pull the shoulder blades back and down."
  ],
  "primary_muscles": [
   "UPPER_BACK",
   "LATS"
  ],
  "secondary_muscles": [
   "BICEPS",
   "REAR_DELTS",
   "ABS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "CALISTHENICS",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=inverted+row+form"
   }
  ]
 },
 {
  "slug": "jump-rope",
  "name": "Jump Rope",
  "aliases": [
   "Skipping Rope",
   "Skipping"
  ],
  "description": "Continuous small jumps over a turning rope. It is an efficient cardio workout that also builds calf endurance, coordination and footwork, and suits beginners who start with short intervals.",
  "instructions": [
   "Adjust the rope so the handles reach about your armpits when you stand on the middle of it.",
   "Hold the handles with your elbows close to your sides and hands just in front of your hips.",
   "Turn the rope over your head using small circles from your wrists rather than your whole arms.",
   "Jump just high enough for the rope to pass under your feet, landing softly on the balls of your feet.",
   "Keep a steady rhythm with your knees slightly bent and eyes looking forward."
  ],
  "common_mistakes": [
   "Jumping too high: it tires you out quickly and increases impact; clear the rope by about an inch.",
   "Turning the rope with big arm circles: it is slow and tiring; keep the elbows in and turn from the wrists.",
   "Landing on the heels or with straight legs: it jars the knees and shins; land on the balls of the feet with soft knees, and build volume gradually."
  ],
  "primary_muscles": [
   "CALVES"
  ],
  "secondary_muscles": [
   "QUADRICEPS",
   "FOREARMS",
   "ABS"
  ],
  "equipment": [
   "JUMP_ROPE"
  ],
  "category": "CARDIO",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=jump+rope+form"
   }
  ]
 },
 {
  "slug": "jump-squat",
  "name": "Jump Squat",
  "aliases": [
   "Squat Jump"
  ],
  "description": "A bodyweight squat followed by an explosive jump straight up. It builds leg power and raises the heart rate, and suits beginners who can already squat with good form.",
  "instructions": [
   "Stand with feet shoulder-width apart, arms at your sides or hands in front of your chest.",
   "Squat down to about a quarter or half squat, keeping the chest up.",
   "Jump straight up as high as you can, extending hips, knees and ankles.",
   "Land softly on the balls of your feet rolling to the whole foot, bending your knees to absorb the impact.",
   "Reset briefly or flow straight into the next rep."
  ],
  "common_mistakes": [
   "Landing stiff-legged: the impact goes into the knees and back; land quietly with bent knees.",
   "Knees caving in on take-off or landing: it stresses the knees; keep them tracking over the toes.",
   "Squatting too deep before each jump when tired: form breaks down; keep the dip moderate and stop when jumps get sloppy."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "CALVES",
   "HAMSTRINGS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "PLYOMETRIC",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=jump+squat+form"
   }
  ]
 },
 {
  "slug": "jumping-jack",
  "name": "Jumping Jack",
  "aliases": [
   "Jumping Jacks"
  ],
  "description": "A classic warm-up and cardio move where you jump your feet apart while raising your arms overhead, then return. It raises the heart rate with no equipment and suits beginners.",
  "instructions": [
   "Stand tall with your feet together and arms by your sides.",
   "Jump your feet out to slightly wider than shoulder-width while swinging your arms out and up overhead.",
   "Land softly on the balls of your feet with your knees slightly bent.",
   "Jump your feet back together while bringing your arms back down to your sides.",
   "Repeat at a steady rhythm for the target time."
  ],
  "common_mistakes": [
   "Landing flat-footed with locked knees: it sends impact through the joints; stay on the balls of your feet with soft knees.",
   "Half-raising the arms: it reduces the work and the warm-up effect; bring the hands all the way overhead each rep.",
   "Pushing through joint pain from the jumping: step one foot out at a time instead for a low-impact version."
  ],
  "primary_muscles": [
   "CALVES",
   "ABDUCTORS"
  ],
  "secondary_muscles": [
   "ADDUCTORS",
   "QUADRICEPS",
   "GLUTES",
   "SIDE_DELTS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CARDIO",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=jumping+jack+form"
   }
  ]
 },
 {
  "slug": "kettlebell-clean",
  "name": "Kettlebell Clean",
  "aliases": [
   "Single-Arm Kettlebell Clean"
  ],
  "description": "Bringing a kettlebell from between the legs up to the rack position on the front of the shoulder using a hip hinge. It builds hip power and prepares the bell for presses and squats; learn the swing first.",
  "instructions": [
   "Stand over a kettlebell with feet a little wider than hip-width, hinge and grab the handle with one hand.",
   "Hike the bell back between your legs with a flat back.",
   "Snap your hips forward and pull the elbow back toward your body so the bell travels up close to your torso.",
   "As the bell rises, open your hand slightly and rotate your hand around the handle so the bell settles softly on the outside of your forearm at chest height.",
   "Hold the rack with wrist straight, elbow tucked and glutes squeezed, then drop the bell back between your legs to repeat; switch sides after the set."
  ],
  "common_mistakes": [
   "Letting the bell swing wide and flip over: it bangs into the forearm and wrist; keep the elbow close and guide the bell up close to your body.",
   "Bending the wrist back in the rack: it strains the wrist; keep the wrist straight with the handle deep in the palm.",
   "Lifting with the arm instead of the hips: it tires the shoulder and wastes power; drive with the hips as in a swing."
  ],
  "primary_muscles": [
   "GLUTES",
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "FOREARMS",
   "UPPER_BACK",
   "FRONT_DELTS",
   "ABS",
   "LOWER_BACK"
  ],
  "equipment": [
   "KETTLEBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=kettlebell+clean+form"
   }
  ]
 },
 {
  "slug": "kettlebell-goblet-reverse-lunge",
  "name": "Kettlebell Goblet Reverse Lunge",
  "aliases": [
   "Goblet Reverse Lunge",
   "Kettlebell Reverse Lunge",
   "Goblet Lunge"
  ],
  "description": "A lunge in which you step backward while holding a kettlebell at your chest. Stepping back is easier on the knees than a forward lunge, and the front-loaded weight helps you stay upright, making it a good single-leg strength exercise for beginners.",
  "instructions": [
   "Hold a kettlebell by the sides of its handle close to your chest, elbows tucked, and stand with your feet hip-width apart.",
   "Brace your core and take a long step back with one foot, landing on the ball of that foot in line with your hip.",
   "Bend both knees to lower straight down until your back knee hovers just above the floor and your front shin is close to vertical.",
   "Keep your chest up, the kettlebell against your body and your front knee tracking over your middle toes.",
   "Push through the whole front foot to stand up and bring your back foot forward to meet it.",
   "Alternate legs or finish all reps on one side before switching, doing equal reps on each leg."
  ],
  "common_mistakes": [
   "Stepping back along a tightrope line: it makes you wobble and twists the knee; keep the feet in hip-width tracks.",
   "Letting the front knee cave inward: it stresses the knee joint; push the knee out over the middle toes.",
   "Dropping the back knee onto the floor: it can bruise the kneecap and means lost control; lower slowly and stop just above the floor.",
   "Leaning forward and letting the kettlebell drift away from the chest: it loads the lower back; keep the bell tight to your body and the torso tall."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "ADDUCTORS",
   "ABS"
  ],
  "equipment": [
   "KETTLEBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=kettlebell+goblet+reverse+lunge+form"
   }
  ]
 },
 {
  "slug": "kettlebell-swing",
  "name": "Kettlebell Swing",
  "aliases": [
   "Russian Kettlebell Swing",
   "Two-Hand Swing"
  ],
  "description": "A ballistic hip hinge where you swing a kettlebell between the legs and snap the hips forward to float it to chest height. It builds explosive hip power and conditioning; learn a solid deadlift hinge first.",
  "instructions": [
   "Stand with feet a little wider than shoulder-width with a kettlebell on the floor about a foot in front of you.",
   "Hinge at the hips with a flat back, grab the handle with both hands and tilt the bell toward you.",
   "Hike the bell back between your legs like a football snap, keeping the forearms close to the inner thighs.",
   "Snap your hips forward and squeeze your glutes to stand tall, letting the bell float up to about chest height with straight arms.",
   "Let the bell fall and hinge as it comes back, guiding it between your legs into the next rep.",
   "To finish, let the bell swing back one last time and set it down on the floor in front of you."
  ],
  "common_mistakes": [
   "Squatting the swing instead of hinging: the knees bend too much and power is lost; push the hips back with shins nearly vertical.",
   "Lifting the bell with the arms or shoulders: it strains the shoulders; let the hips drive and the arms act like ropes.",
   "Rounding the back at the bottom or leaning back at the top: both stress the spine; keep a neutral back and finish standing straight, like a standing plank."
  ],
  "primary_muscles": [
   "GLUTES",
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "LOWER_BACK",
   "ABS",
   "FOREARMS",
   "UPPER_BACK"
  ],
  "equipment": [
   "KETTLEBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=kettlebell+swing+form"
   }
  ]
 },
 {
  "slug": "kneeling-hip-flexor-stretch",
  "name": "Kneeling Hip Flexor Stretch",
  "aliases": [
   "Half-Kneeling Hip Flexor Stretch",
   "Lunge Stretch"
  ],
  "description": "A half-kneeling stretch for the front of the hip of the back leg. It helps people who sit a lot and is a simple, safe stretch for all levels.",
  "instructions": [
   "Kneel on your right knee on a mat or cushion with your left foot flat in front, so both knees are bent about 90 degrees.",
   "Stand your torso tall and tuck your pelvis under by squeezing your right glute.",
   "Shift your hips forward slightly until you feel a stretch at the front of your right hip.",
   "Keep your torso upright; for more stretch, raise your right arm overhead and lean slightly to the left.",
   "Hold for 30-60 seconds while breathing slowly, then switch sides."
  ],
  "common_mistakes": [
   "Arching the lower back instead of tucking the pelvis: it moves the stretch out of the hip and can pinch the back; squeeze the glute and keep the ribs down.",
   "Lunging the hips too far forward: it pushes the front knee far past the toes and loses the pelvic tuck; a small shift with a good tuck is enough.",
   "Kneeling on a hard floor: it can hurt the kneecap; put a folded mat or cushion under the back knee."
  ],
  "primary_muscles": [
   "HIP_FLEXORS"
  ],
  "secondary_muscles": [
   "QUADRICEPS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRETCHING",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=kneeling+hip+flexor+stretch+form"
   }
  ]
 },
 {
  "slug": "l-sit",
  "name": "L-Sit",
  "aliases": [
   "L-Hold"
  ],
  "description": "A static hold where you support yourself on straight arms with legs held straight out in front, forming an L shape. It builds strong abs and hip flexors plus shoulder depression strength, and suits intermediate trainees who can do a tucked version first.",
  "instructions": [
   "Stand between parallel bars or dip handles and grip them with your palms facing each other.",
   "Press down to lift your body, locking your elbows and pushing your shoulders down away from your ears.",
   "Brace your abs and raise your legs straight in front of you until they are parallel to the floor, toes pointed.",
   "Keep your chest up and hold the L shape for the target time while breathing steadily.",
   "Lower your feet back to the floor with control.",
   "If straight legs are too hard, hold with your knees tucked to your chest first."
  ],
  "common_mistakes": [
   "Shrugging the shoulders up to the ears: it puts strain on the shoulder joints and makes the hold unstable; push the bars down and keep the neck long.",
   "Bending the elbows: it shifts load to the triceps and shortens the hold; lock the arms fully before lifting the legs.",
   "Letting the legs sag below parallel or the knees bend: it reduces the work; use a tuck or one-leg-extended version until you can hold the full shape."
  ],
  "primary_muscles": [
   "ABS",
   "HIP_FLEXORS"
  ],
  "secondary_muscles": [
   "QUADRICEPS",
   "TRICEPS",
   "LATS"
  ],
  "equipment": [
   "DIP_STATION"
  ],
  "category": "CALISTHENICS",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=l+sit+form"
   }
  ]
 },
 {
  "slug": "landmine-press",
  "name": "Landmine Press",
  "aliases": [
   "Single-Arm Landmine Press",
   "Angled Barbell Press"
  ],
  "description": "A one-arm press pushing the free end of an anchored barbell up and forward along an arc. The angled path is often comfortable for people who find straight overhead pressing hard on the shoulders, and it suits lifters with basic pressing experience.",
  "instructions": [
   "Anchor one end of a barbell in a landmine attachment and load plates on the other end.",
   "Stand facing the loaded end with feet about hip width apart or staggered, and lift the end of the bar to your right shoulder, holding it in your right hand.",
   "Brace your abs and squeeze your glutes to keep your torso still.",
   "Press the bar up and forward along its natural arc until your arm is straight, letting your shoulder blade move forward around your ribs.",
   "Lower the bar under control back to your shoulder.",
   "Finish your reps, then switch the bar to the other side and repeat."
  ],
  "common_mistakes": [
   "Leaning back or twisting to move the bar: it strains the lower back and reduces shoulder work; keep the hips and shoulders square and use less weight.",
   "Letting the elbow flare straight out to the side: it stresses the shoulder; keep the elbow angled slightly in front of the body.",
   "Using an unsecured bar end: it can slide or kick out during the set; always anchor the bar in a landmine or a sturdy, padded corner."
  ],
  "primary_muscles": [
   "FRONT_DELTS"
  ],
  "secondary_muscles": [
   "CHEST",
   "TRICEPS",
   "ABS"
  ],
  "equipment": [
   "BARBELL",
   "LANDMINE"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=landmine+press+form"
   }
  ]
 },
 {
  "slug": "lat-pulldown",
  "name": "Lat Pulldown",
  "aliases": [
   "Lat Pull-Down",
   "Wide-Grip Lat Pulldown",
   "Pulldown"
  ],
  "description": "A seated cable exercise that pulls a long bar down to the upper chest. It builds the lats in a pull-up-like motion with adjustable load, and is ideal for beginners.",
  "instructions": [
   "Adjust the thigh pad so your thighs fit snugly under it with your feet flat on the floor.",
   "Stand up, grab the bar overhand slightly wider than shoulder width, and sit down with your arms straight.",
   "Lean back slightly, about 10-20 degrees, with your chest up.",
   "Pull the bar down to your upper chest by driving your elbows down and back.",
   "Pause briefly, then let the bar rise slowly until your arms are straight and you feel a stretch in your lats."
  ],
  "common_mistakes": [
   "Pulling the bar behind the neck: it forces the shoulders into a risky position and strains the neck; always pull to the front of the chest.",
   "Leaning far back and swinging: it turns the exercise into a row with momentum; keep a slight, steady lean and use less weight.",
   "Letting the weight yank the arms up: it loses tension and jerks the shoulders; control the bar all the way up."
  ],
  "primary_muscles": [
   "LATS"
  ],
  "secondary_muscles": [
   "BICEPS",
   "UPPER_BACK",
   "REAR_DELTS"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=lat+pulldown+form"
   }
  ]
 },
 {
  "slug": "lateral-bound",
  "name": "Lateral Bound",
  "aliases": [
   "Side Bound",
   "Lateral Single-Leg Bound"
  ],
  "description": "Jumping sideways off one leg and landing on the other, sticking each landing. It builds side-to-side power and knee stability for sports that involve cutting and changing direction.",
  "instructions": [
   "Stand on your right leg with a slight knee bend and hips back.",
   "Load the right hip, then push off explosively to jump sideways to the left, swinging your arms.",
   "Land on your left leg with a soft knee and hip bend, knee in line with the toes.",
   "Hold the landing for one to two seconds to show control.",
   "Push back the other way and repeat, alternating sides."
  ],
  "common_mistakes": [
   "Knee collapsing inward on landing: it is a major knee-injury risk; land with the knee over the foot and hips back.",
   "Jumping farther than you can stick: you stumble and twist the ankle or knee; shorten the distance until every landing is stable.",
   "Landing with a straight leg: the impact is not absorbed; bend the hip and knee on contact."
  ],
  "primary_muscles": [
   "GLUTES",
   "QUADRICEPS",
   "ABDUCTORS"
  ],
  "secondary_muscles": [
   "ADDUCTORS",
   "CALVES",
   "HAMSTRINGS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "PLYOMETRIC",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=lateral+bound+form"
   }
  ]
 },
 {
  "slug": "lateral-lunge",
  "name": "Lateral Lunge",
  "aliases": [
   "Side Lunge"
  ],
  "description": "A lunge performed by stepping out to the side and sitting back into one hip. It strengthens the legs in the side-to-side direction and stretches the inner thigh, suiting beginners and athletes who change direction.",
  "instructions": [
   "Stand tall with feet together and hands clasped in front of your chest.",
   "Take a wide step out to one side, landing with toes pointing forward or slightly out.",
   "Sit your hips back and bend the stepping knee, keeping the other leg straight and both feet flat on the floor.",
   "Lower until the bent thigh is close to parallel or as far as your inner thigh allows, keeping the chest up and back neutral.",
   "Push off the bent leg to return to the start, then repeat on the other side."
  ],
  "common_mistakes": [
   "Letting the bent knee cave inward or drift past the toes: it stresses the knee; push the hips back and keep the knee over the foot.",
   "Rounding the back to reach lower: it strains the lower back; keep the chest up and only go as low as your hips allow.",
   "Lifting the heel of the working foot: balance and knee position suffer; keep the whole foot planted and shorten the step if needed."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES",
   "ADDUCTORS"
  ],
  "secondary_muscles": [
   "HAMSTRINGS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=lateral+lunge+form"
   }
  ]
 },
 {
  "slug": "leg-extension",
  "name": "Leg Extension",
  "aliases": [
   "Machine Leg Extension",
   "Quad Extension"
  ],
  "description": "A seated machine exercise straightening the knees against a padded lever. It isolates the quadriceps and is simple for beginners to learn.",
  "instructions": [
   "Adjust the seat so your knees line up with the machine's pivot point and the shin pad rests just above your ankles.",
   "Sit back against the pad and hold the handles to keep your hips down.",
   "Straighten your knees to lift the pad until your legs are almost fully extended.",
   "Squeeze your quads for a moment at the top.",
   "Lower the weight slowly to the start without letting the stack crash."
  ],
  "common_mistakes": [
   "Knees misaligned with the pivot: it puts odd stress on the knee joint; line up the side of the knee with the machine axis.",
   "Swinging or kicking the weight up: momentum strains the knee; lift and lower under control.",
   "Lifting the hips off the seat to move more weight: it reduces quad work; use a lighter load and hold the handles."
  ],
  "primary_muscles": [
   "QUADRICEPS"
  ],
  "secondary_muscles": [],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=leg+extension+form"
   }
  ]
 },
 {
  "slug": "leg-press",
  "name": "Leg Press",
  "aliases": [
   "45-Degree Leg Press",
   "Sled Leg Press"
  ],
  "description": "A machine exercise where you push a weighted sled away with your feet while seated with your back supported. It loads the quads and glutes heavily without needing balance, making it suitable for beginners and for high-volume leg work.",
  "instructions": [
   "Sit in the machine with your back and hips flat against the pad and place your feet shoulder-width apart in the middle of the platform.",
   "Press the platform up slightly and release the safety handles, keeping a slight bend in the knees.",
   "Lower the platform under control by bending your knees toward your chest, keeping knees in line with your toes.",
   "Stop when your knees are around 90 degrees or just before your lower back starts to lift off the pad.",
   "Press through your whole foot back to the start without locking the knees, then lock the safety handles after the last rep."
  ],
  "common_mistakes": [
   "Lowering so deep that the hips curl off the seat: the lower back rounds under a heavy load; limit depth to where your hips stay in contact with the pad.",
   "Locking the knees hard at the top: it puts the joint under the full load and can hyperextend it; keep a slight bend.",
   "Loading far more weight than you can control through a full range: short bouncing reps add risk and little benefit; use a weight you can lower slowly."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "ADDUCTORS"
  ],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=leg+press+form"
   }
  ]
 },
 {
  "slug": "lying-leg-curl",
  "name": "Lying Leg Curl",
  "aliases": [
   "Prone Leg Curl",
   "Machine Leg Curl"
  ],
  "description": "A machine exercise lying face down and curling the heels toward the glutes. It isolates the hamstrings and is easy for beginners to learn.",
  "instructions": [
   "Adjust the machine so your knees sit just off the edge of the bench, lined up with the pivot, and the roller pad rests just above your heels.",
   "Lie face down, hold the handles and press your hips into the bench.",
   "Curl your heels toward your glutes as far as you comfortably can.",
   "Pause briefly and squeeze the hamstrings.",
   "Lower the pad slowly until your legs are almost straight, then repeat."
  ],
  "common_mistakes": [
   "Lifting the hips off the bench: it arches the lower back and lets other muscles help; keep hips pressed down and reduce the weight.",
   "Dropping the weight quickly: you miss the lowering phase that builds the hamstrings and can jerk the knee; take two to three seconds to lower.",
   "Pad placed on the calves: it changes leverage and can strain the knee; set it just above the heels."
  ],
  "primary_muscles": [
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "CALVES"
  ],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=lying+leg+curl+form"
   }
  ]
 },
 {
  "slug": "lying-leg-raise",
  "name": "Lying Leg Raise",
  "aliases": [
   "Leg Raise",
   "Floor Leg Raise"
  ],
  "description": "A floor exercise where you raise and lower straight legs while keeping the lower back down. It trains the abs to control the pelvis against the pull of the legs and suits beginners, with bent knees as an easier option.",
  "instructions": [
   "Lie on your back with your legs straight and together, hands flat by your sides or tucked under your hips for support.",
   "Press your lower back into the floor and brace your abs.",
   "Keeping your legs straight, lift them until they are vertical over your hips.",
   "Lower your legs slowly toward the floor, stopping before your lower back starts to arch.",
   "Keep your heels just off the floor between reps to hold tension, then repeat."
  ],
  "common_mistakes": [
   "Letting the lower back arch as the legs lower: it strains the spine; stop higher, or bend the knees to shorten the lever.",
   "Dropping the legs fast: the abs stop working on the way down; take 2-3 seconds to lower.",
   "Using a swing to lift the legs: it turns the exercise into a hip flexor drill; start each rep from a still position."
  ],
  "primary_muscles": [
   "ABS",
   "HIP_FLEXORS"
  ],
  "secondary_muscles": [
   "OBLIQUES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=lying+leg+raise+form"
   }
  ]
 },
 {
  "slug": "machine-chest-press",
  "name": "Machine Chest Press",
  "aliases": [
   "Seated Chest Press",
   "Chest Press Machine"
  ],
  "description": "A seated pressing movement on a guided machine. The fixed path makes it easy to learn and safe to push hard without a spotter, so it is ideal for beginners building chest strength.",
  "instructions": [
   "Adjust the seat so that the handles line up with the middle of your chest when you sit down.",
   "Sit with your back flat against the pad, feet flat on the floor, and grip the handles.",
   "Pull your shoulder blades back into the pad and press the handles forward until your arms are straight but not forcefully locked.",
   "Return the handles slowly until you feel a gentle stretch in your chest, without letting the weight stack touch down.",
   "Press out again and repeat for the set."
  ],
  "common_mistakes": [
   "Setting the seat too high or too low: handles at neck or belly level shift stress to the shoulders; align them with your mid-chest.",
   "Letting the shoulders roll forward off the pad: it reduces chest work and strains the front of the shoulder; keep your shoulder blades pinned back.",
   "Slamming the weight stack or snapping the elbows straight: it jars the joints and removes tension; move smoothly in both directions."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "FRONT_DELTS",
   "TRICEPS"
  ],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=machine+chest+press+form"
   }
  ]
 },
 {
  "slug": "medicine-ball-chest-pass",
  "name": "Medicine Ball Chest Pass",
  "aliases": [
   "Med Ball Chest Pass",
   "Medicine Ball Chest Throw",
   "Chest Pass Throw"
  ],
  "description": "An explosive two-handed push in which you throw a medicine ball from your chest into a wall or to a partner. It trains upper-body pushing power for sports and general fitness and suits beginners using a light ball.",
  "instructions": [
   "Stand facing a solid wall or a partner about 2 to 3 meters away, feet shoulder-width apart with knees slightly bent.",
   "Hold a light medicine ball at your chest with your hands on its sides, thumbs behind the ball and elbows slightly out.",
   "Brace your core and, if you like, take a small step forward to start the movement from your legs.",
   "Push the ball explosively straight ahead at chest height by extending your arms fully, finishing with your thumbs turned down.",
   "Get your hands up early and catch the rebound or return pass with soft, bending elbows, bringing the ball back to your chest.",
   "Reset your stance and repeat, making each throw as fast as you can while keeping control."
  ],
  "common_mistakes": [
   "Choosing a ball that is too heavy: the throw becomes a slow push and no longer builds power; pick a weight you can throw quickly and crisply.",
   "Not being ready for the rebound: a fast ball can hit your face or jam your fingers; stand far enough away, keep your hands up and catch with bent elbows.",
   "Throwing with the arms only: it wastes power and overloads the shoulders; drive from the legs and trunk and let the arms finish the push."
  ],
  "primary_muscles": [
   "CHEST",
   "TRICEPS"
  ],
  "secondary_muscles": [
   "FRONT_DELTS",
   "ABS"
  ],
  "equipment": [
   "MEDICINE_BALL"
  ],
  "category": "PLYOMETRIC",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=medicine+ball+chest+pass+form"
   }
  ]
 },
 {
  "slug": "medicine-ball-rotational-throw",
  "name": "Medicine Ball Rotational Throw",
  "aliases": [
   "Med Ball Rotational Throw",
   "Rotational Wall Throw",
   "Medicine Ball Side Toss"
  ],
  "description": "A sideways throw in which you rotate powerfully through the hips and trunk to drive a medicine ball into a wall. It builds rotational power for throwing, striking and racket sports and suits people who already have basic core control.",
  "instructions": [
   "Stand side-on to a sturdy wall about 1 to 2 meters away, feet a little wider than shoulder-width and knees softly bent.",
   "Hold a light medicine ball with both hands at hip height on the side farther from the wall.",
   "Shift your weight onto your back leg and turn your hips and shoulders away from the wall to load the throw.",
   "Drive from your back hip, pivoting your back foot so your hips turn toward the wall first and your shoulders and arms follow.",
   "Release the ball explosively into the wall at about chest height, letting your arms swing through after it.",
   "Catch the rebound with soft arms, return to the start position and repeat; finish all reps before switching sides."
  ],
  "common_mistakes": [
   "Keeping the feet planted and twisting only at the waist: it strains the lower back and loses power; pivot the back foot and let the hips lead the turn.",
   "Throwing with the arms instead of the trunk: the ball travels slowly and the shoulders tire; let the arms simply transfer the force from the hips and torso.",
   "Using a ball that is too heavy or a weak wall: heavy balls slow the throw and can bounce back hard, and glass or plaster can break; use a light ball and a solid masonry wall."
  ],
  "primary_muscles": [
   "OBLIQUES"
  ],
  "secondary_muscles": [
   "ABS",
   "GLUTES",
   "FRONT_DELTS"
  ],
  "equipment": [
   "MEDICINE_BALL"
  ],
  "category": "PLYOMETRIC",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=medicine+ball+rotational+throw+form"
   }
  ]
 },
 {
  "slug": "medicine-ball-slam",
  "name": "Medicine Ball Slam",
  "aliases": [
   "Ball Slam",
   "Med Ball Slam",
   "Slam Ball Slam",
   "Overhead Ball Slam"
  ],
  "description": "An explosive full-body throw in which you lift a ball overhead and drive it hard into the floor. It builds power through the core, lats and hips, works well as conditioning, and suits most fitness levels because the load and pace are easy to adjust.",
  "instructions": [
   "Stand with your feet about shoulder-width apart on a solid floor, holding a non-bouncing slam ball at your chest with both hands.",
   "Brace your core, then lift the ball overhead with slightly bent elbows, rising tall or onto the balls of your feet as you reach up.",
   "Pull the ball down forcefully, bending at the hips and knees as you throw it into the floor just in front of your feet.",
   "Let your arms follow through toward the floor and keep your eyes on the ball as it lands.",
   "Pick the ball up by squatting or hinging with a flat back rather than rounding over to reach it.",
   "Return to standing with the ball at your chest, reset your brace and repeat for the set reps or time."
  ],
  "common_mistakes": [
   "Slamming a bouncy rubber medicine ball: it can rebound hard into the face; use a dead, non-bouncing slam ball and stand clear of its landing spot.",
   "Throwing with the arms alone: it limits power and tires the shoulders fast; lead the slam with a strong core crunch and a drop of the hips.",
   "Rounding the lower back to pick the ball up: repeated under fatigue it strains the spine; squat or hinge down with a neutral back every rep.",
   "Aiming at your own feet: the ball can land on your toes or bounce into your shins; aim for the floor a short step in front of you."
  ],
  "primary_muscles": [
   "LATS",
   "ABS"
  ],
  "secondary_muscles": [
   "FRONT_DELTS",
   "TRICEPS",
   "GLUTES",
   "HAMSTRINGS"
  ],
  "equipment": [
   "MEDICINE_BALL"
  ],
  "category": "PLYOMETRIC",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=medicine+ball+slam+form"
   }
  ]
 },
 {
  "slug": "mountain-climber",
  "name": "Mountain Climber",
  "aliases": [
   "Mountain Climbers"
  ],
  "description": "A high-plank exercise where you drive your knees toward your chest in a running rhythm. It raises the heart rate while training core stability, and suits beginners when done at a steady pace.",
  "instructions": [
   "Start in a high plank with your hands under your shoulders, arms straight and body in a straight line.",
   "Brace your core and drive your right knee toward your chest.",
   "Return the right foot to the start as you drive the left knee toward your chest.",
   "Keep switching legs in a running rhythm while your hips stay level with your shoulders.",
   "Continue for the set time or reps, breathing steadily."
  ],
  "common_mistakes": [
   "Bouncing the hips up high: it takes load off the core and shortens the knee drive; keep the hips level with the shoulders.",
   "Letting the shoulders drift behind the hands: it strains the wrists and shoulders; keep the shoulders stacked over the hands.",
   "Going faster than your form allows: tiny, sloppy steps waste the set; slow down until each knee comes well forward."
  ],
  "primary_muscles": [
   "ABS",
   "HIP_FLEXORS"
  ],
  "secondary_muscles": [
   "QUADRICEPS",
   "FRONT_DELTS",
   "OBLIQUES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CARDIO",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=mountain+climber+form"
   }
  ]
 },
 {
  "slug": "muscle-up",
  "name": "Muscle-Up",
  "aliases": [
   "Bar Muscle-Up"
  ],
  "description": "A calisthenics skill that combines an explosive pull-up with a transition over the bar and a dip to lockout. It builds pulling power and upper-body strength and suits advanced trainees who already have solid pull-ups and dips.",
  "instructions": [
   "Hang from a pull-up bar with an overhand grip about shoulder-width or slightly narrower; a false grip with the wrists over the bar makes the transition easier.",
   "Start a small controlled swing: push your chest slightly forward, then bring your legs slightly forward to load the pull.",
   "Pull explosively, driving the bar toward your lower chest or upper stomach while leaning back slightly.",
   "As the bar reaches your chest, pull your elbows back and throw your chest forward over the bar.",
   "Press down on the bar until your arms are straight, as at the top of a straight-bar dip.",
   "Lower yourself with control back to a hang before the next rep."
  ],
  "common_mistakes": [
   "Attempting it without enough base strength: it risks elbow and shoulder strain; first build about 8-10 strict pull-ups, 10 or more dips and explosive chest-to-bar pull-ups.",
   "Pulling straight up vertically: your face meets the bar and the transition stalls; pull in an arc toward the hips, keeping the bar close to the body.",
   "Getting one arm over at a time (chicken-winging): it loads one elbow and shoulder unevenly; practice the transition with a band or low bar until both arms turn over together."
  ],
  "primary_muscles": [
   "LATS",
   "CHEST",
   "TRICEPS"
  ],
  "secondary_muscles": [
   "BICEPS",
   "FRONT_DELTS",
   "UPPER_BACK",
   "ABS",
   "FOREARMS"
  ],
  "equipment": [
   "PULL_UP_BAR"
  ],
  "category": "CALISTHENICS",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=muscle+up+form"
   }
  ]
 },
 {
  "slug": "neck-side-flexion-with-band",
  "name": "Neck Side Flexion With Band",
  "aliases": [
   "Banded Neck Lateral Flexion",
   "Band Neck Side Bend",
   "Resistance Band Lateral Neck Flexion"
  ],
  "description": "A slow, light neck exercise in which you tilt your head sideways against the pull of an anchored resistance band. It strengthens the muscles along the sides of the neck, which can help posture and resilience in contact sports, and suits beginners who use a very light band.",
  "instructions": [
   "Anchor a light resistance band securely at about head height and fold a small towel to use as padding.",
   "Stand or sit tall side-on to the anchor and rest the loop on the side of your head above the ear farther from the anchor, with the towel underneath it.",
   "Check that the band sits on your head only, never over the ear, face or around the neck, then move away until there is light tension with your head upright.",
   "Keep your shoulders level and chin slightly tucked, then slowly tilt your head away from the anchor, bringing your ear toward your shoulder through a comfortable range.",
   "Pause briefly, then return to upright slowly, resisting the band so it does not pull your head toward the anchor.",
   "After the set, step toward the anchor to slacken the band before removing it, then turn around and train the other side."
  ],
  "common_mistakes": [
   "Using a heavy band or jerky reps: the neck strains easily; start very light, move slowly, and stop if you feel pain, tingling, numbness or dizziness.",
   "Shrugging the shoulder or bending at the waist: it takes work away from the neck; keep the shoulders level and move only the head.",
   "Removing the band under tension or using a loose anchor: it can snap back toward your face; check the anchor first and release the tension before taking the band off."
  ],
  "primary_muscles": [
   "NECK"
  ],
  "secondary_muscles": [
   "TRAPS"
  ],
  "equipment": [
   "RESISTANCE_BAND"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=neck+side+flexion+with+band+form"
   }
  ]
 },
 {
  "slug": "ninety-ninety-hip-switch",
  "name": "90/90 Hip Switch",
  "aliases": [
   "90-90 Hip Switch",
   "Windshield Wiper Hip Switch"
  ],
  "description": "A seated mobility drill where you rotate both knees from side to side between two 90/90 leg positions. It improves internal and external hip rotation and suits all levels, using the hands for support as needed.",
  "instructions": [
   "Sit on the floor with your knees bent, feet flat and wider than hip-width apart, and hands on the floor behind you for support.",
   "Let both knees fall to the right so your right leg rests on its outer side and your left leg on its inner side, both knees bent about 90 degrees.",
   "Sit tall and turn your chest to face over your front shin.",
   "Lift both knees and rotate them through the center to the left, letting your hips turn with them.",
   "Settle into the mirrored 90/90 position, pause and sit tall.",
   "Keep switching side to side slowly for 6-10 reps per side."
  ],
  "common_mistakes": [
   "Slumping the torso: it hides the lack of hip rotation; sit tall, using your hands behind you for support if needed.",
   "Forcing the knees to the floor: it can strain the knee joint; let the knees go only as low as the hips allow.",
   "Rushing the switches: momentum skips the end range where the mobility is built; pause for a breath in each position."
  ],
  "primary_muscles": [
   "GLUTES"
  ],
  "secondary_muscles": [
   "ABDUCTORS",
   "ADDUCTORS",
   "HIP_FLEXORS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "MOBILITY",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=90+90+hip+switch+form"
   }
  ]
 },
 {
  "slug": "nordic-hamstring-curl",
  "name": "Nordic Hamstring Curl",
  "aliases": [
   "Nordic Curl",
   "Nordic Hamstring Lowers"
  ],
  "description": "A kneeling bodyweight exercise where you lower your upright body toward the floor while your ankles are held down, resisting with your hamstrings. It builds very strong hamstrings and helps reduce hamstring strain risk, but it is very demanding and should be started with partial, assisted reps.",
  "instructions": [
   "Kneel on a pad with your ankles anchored under a sturdy support or held by a partner.",
   "Keep your body straight from knees to head, hips extended and core braced.",
   "Slowly lean forward from the knees, resisting with your hamstrings for as long as possible.",
   "When you can no longer control the descent, catch yourself with your hands in a push-up position.",
   "Push lightly off the floor and pull back up with the hamstrings to the start; use a band or a hand push as assistance while building strength."
  ],
  "common_mistakes": [
   "Bending at the hips: it takes load off the hamstrings; keep hips straight so the body moves as one line.",
   "Dropping to the floor without control: it strains the hamstrings and risks face-planting; lower as slowly as you can and always be ready to catch yourself with your hands.",
   "Doing too many reps too soon: this exercise causes severe soreness; start with one or two low-volume sets and build up over weeks."
  ],
  "primary_muscles": [
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "GLUTES",
   "CALVES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=nordic+hamstring+curl+form"
   }
  ]
 },
 {
  "slug": "one-arm-dumbbell-row",
  "name": "One-Arm Dumbbell Row",
  "aliases": [
   "Single-Arm Dumbbell Row",
   "Dumbbell Row",
   "One-Arm Row"
  ],
  "description": "A supported row where one hand and knee rest on a bench while the other arm pulls a dumbbell toward the hip. It builds the lats and upper back with the lower back well supported, making it excellent for beginners.",
  "instructions": [
   "Place your left knee and left hand on a flat bench and your right foot on the floor out to the side, with your back flat and roughly parallel to the floor.",
   "Pick up a dumbbell with your right hand and let it hang straight below your shoulder, palm facing in.",
   "Brace your core and pull the dumbbell toward your hip, driving your elbow back close to your side.",
   "Squeeze your back at the top when your elbow passes your torso.",
   "Lower the dumbbell slowly to a full stretch.",
   "Finish your reps, then switch sides and repeat with the other arm."
  ],
  "common_mistakes": [
   "Twisting the torso to heave the weight up: it uses momentum and strains the spine; keep the shoulders square to the floor and use a lighter dumbbell.",
   "Pulling the weight straight up to the chest with the elbow flared: it shifts work away from the lats; pull toward the hip with the elbow close.",
   "Rounding the back or shrugging: it reduces back work and stresses the spine; keep a long, flat back and the shoulder away from the ear."
  ],
  "primary_muscles": [
   "LATS"
  ],
  "secondary_muscles": [
   "UPPER_BACK",
   "REAR_DELTS",
   "BICEPS"
  ],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=one+arm+dumbbell+row+form"
   }
  ]
 },
 {
  "slug": "overhead-press",
  "name": "Overhead Press",
  "aliases": [
   "OHP",
   "Military Press",
   "Standing Barbell Press",
   "Strict Press"
  ],
  "description": "A standing barbell press from the front of the shoulders to straight arms overhead. It builds shoulder and triceps strength and whole-body stability, and suits lifters who have learned to brace their core.",
  "instructions": [
   "Set the bar in a rack at about upper-chest height, grip it just outside shoulder width, and step under so it rests on your front shoulders.",
   "Lift the bar out, take a step or two back, and stand with feet about hip width apart; squeeze your glutes and brace your abs.",
   "Keep your forearms vertical and your elbows slightly in front of the bar.",
   "Press the bar straight up, pulling your head back slightly so the bar passes your chin.",
   "Once the bar passes your forehead, move your head forward so the bar locks out over the middle of your feet with arms straight.",
   "Lower the bar under control back to your front shoulders and repeat; rack it when finished."
  ],
  "common_mistakes": [
   "Leaning far back to finish the press: it compresses the lower back; brace your abs, squeeze your glutes, and lower the weight if you cannot stay upright.",
   "Pressing the bar forward around the face: it makes the lift harder and stresses the shoulders; move your head out of the way and press in a straight vertical line.",
   "Bending the knees to drive the bar: that turns it into a push press; keep the legs locked for a strict press."
  ],
  "primary_muscles": [
   "FRONT_DELTS"
  ],
  "secondary_muscles": [
   "SIDE_DELTS",
   "TRICEPS",
   "TRAPS",
   "ABS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=overhead+press+form"
   }
  ]
 },
 {
  "slug": "overhead-triceps-extension",
  "name": "Overhead Triceps Extension",
  "aliases": [
   "Dumbbell Overhead Extension",
   "Overhead Tricep Extension",
   "Seated Triceps Extension"
  ],
  "description": "A triceps exercise that lowers a single dumbbell behind the head and extends it back overhead with both hands. It trains the triceps in a stretched position and suits beginners using moderate weights.",
  "instructions": [
   "Stand or sit tall and hold one dumbbell with both hands cupped under the top plate.",
   "Press the dumbbell overhead until your arms are straight, keeping your upper arms close to your head.",
   "Brace your core so your ribs stay down and your lower back does not arch.",
   "Bend your elbows to lower the dumbbell slowly behind your head until you feel a stretch in your triceps.",
   "Straighten your elbows to raise the dumbbell back overhead, keeping your upper arms still, and repeat."
  ],
  "common_mistakes": [
   "Letting the elbows flare wide: it reduces triceps work and stresses the elbows; keep them pointing forward and close to the head.",
   "Arching the lower back: it strains the spine; brace the abs, squeeze the glutes, or do the exercise seated with back support.",
   "Using a weight you cannot control behind the head: it risks hitting your head or neck; choose a moderate weight and move slowly."
  ],
  "primary_muscles": [
   "TRICEPS"
  ],
  "secondary_muscles": [],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=overhead+triceps+extension+form"
   }
  ]
 },
 {
  "slug": "pallof-press",
  "name": "Pallof Press",
  "aliases": [
   "Anti-Rotation Press"
  ],
  "description": "A standing exercise where you press a cable handle straight out from your chest while resisting being twisted toward the machine. It trains the core to resist rotation, which carries over to sports and lifting, and suits all levels.",
  "instructions": [
   "Set a cable handle at chest height and stand side-on to the machine with your feet shoulder-width apart.",
   "Hold the handle with both hands at the center of your chest and step away until the cable has tension.",
   "Brace your core, squeeze your glutes and keep your knees slightly soft.",
   "Press the handle straight out in front of your chest until your arms are fully extended, without letting your torso turn toward the machine.",
   "Hold for two seconds, then bring the handle back to your chest with control.",
   "Complete the reps, then turn around and repeat facing the other way."
  ],
  "common_mistakes": [
   "Letting the torso rotate toward the anchor: the core is losing the fight, usually because the load is too heavy; reduce the weight or step closer.",
   "Leaning away from the machine or shifting the hips: it hides the rotation instead of resisting it; stay tall with hips square.",
   "Shrugging the shoulders as you press: it moves tension away from the core; keep the shoulders down and relaxed."
  ],
  "primary_muscles": [
   "OBLIQUES",
   "ABS"
  ],
  "secondary_muscles": [
   "GLUTES"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=pallof+press+form"
   }
  ]
 },
 {
  "slug": "pec-deck-fly",
  "name": "Pec Deck Fly",
  "aliases": [
   "Pec Deck",
   "Machine Fly",
   "Butterfly"
  ],
  "description": "A seated chest fly on a machine where the arms sweep together in front of the body. It isolates the chest with a guided path and is well suited to beginners.",
  "instructions": [
   "Adjust the seat so the handles or arm pads are at about chest height when you sit.",
   "Sit with your back against the pad and feet flat, and grip the handles with a slight bend in your elbows.",
   "Bring the handles together in front of your chest in a smooth arc, squeezing your chest.",
   "Pause briefly, then slowly open your arms until you feel a stretch across your chest with your hands roughly in line with your shoulders.",
   "Repeat without letting the weights rest between reps."
  ],
  "common_mistakes": [
   "Letting the arms travel too far back: it overstretches the front of the shoulder; set the start position so your hands stay roughly in line with your body.",
   "Shrugging or rounding the shoulders forward: it shifts work to the shoulders and traps; keep your chest up and shoulders down against the pad.",
   "Jerking the handles together: momentum takes work off the chest; use a smooth, controlled tempo."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "FRONT_DELTS"
  ],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=pec+deck+fly+form"
   }
  ]
 },
 {
  "slug": "pendlay-row",
  "name": "Pendlay Row",
  "aliases": [
   "Dead-Stop Row",
   "Strict Barbell Row"
  ],
  "description": "A strict barbell row where each rep starts from a dead stop on the floor with the torso close to parallel to the ground. It builds explosive upper back strength and demands good hamstring flexibility and back control, so it suits experienced lifters.",
  "instructions": [
   "Stand with the bar over your mid-foot and feet about hip width apart.",
   "Hinge forward and bend your knees slightly to grip the bar overhand a little wider than shoulder width, with your torso nearly parallel to the floor and your back flat.",
   "Brace hard and pull the bar explosively from the floor to your lower chest or upper abdomen without raising your torso.",
   "Lower the bar back to the floor under control and let it come to a complete stop.",
   "Reset your brace and flat back before starting the next rep."
  ],
  "common_mistakes": [
   "Raising the torso to help the pull: it turns the lift into a regular row and uses the hips; keep the torso nearly parallel and lighten the load.",
   "Rounding the back to reach the bar: tight hamstrings often cause it and it loads the spine; bend the knees more or raise the bar on plates.",
   "Bouncing the bar off the floor between reps: it removes the dead-stop that defines the exercise; let the bar settle fully each rep."
  ],
  "primary_muscles": [
   "UPPER_BACK",
   "LATS"
  ],
  "secondary_muscles": [
   "REAR_DELTS",
   "BICEPS",
   "LOWER_BACK",
   "HAMSTRINGS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=pendlay+row+form"
   }
  ]
 },
 {
  "slug": "pigeon-stretch",
  "name": "Pigeon Stretch",
  "aliases": [
   "Pigeon Pose"
  ],
  "description": "A floor stretch with one leg bent in front and the other extended behind. It stretches the glutes and outer hip of the front leg and the hip flexors of the back leg, and suits people with moderate hip mobility; a figure-four stretch on the back is the easier option.",
  "instructions": [
   "Start on all fours, then bring your right knee forward behind your right wrist with your right shin angled across your body toward your left hip.",
   "Slide your left leg straight back behind you with the top of the foot on the floor.",
   "Square your hips toward the floor, placing a cushion under your right hip if it does not reach the floor.",
   "Stay upright on your hands, or walk your hands forward and lower onto your forearms to deepen the stretch.",
   "Hold for 30-60 seconds while breathing slowly, feeling the stretch in your right glute and outer hip.",
   "Press back up to all fours and switch sides."
  ],
  "common_mistakes": [
   "Pushing through knee pain in the front leg: it twists the knee joint; bring the front foot closer to your hips, or do a figure-four stretch lying on your back instead.",
   "Letting the hips tip onto one side: it reduces the stretch and strains the lower back; support the front hip with a cushion so both hips stay level.",
   "Forcing a deep forward fold: it tenses the hips; stay upright until the stretch eases, then lower gradually."
  ],
  "primary_muscles": [
   "GLUTES"
  ],
  "secondary_muscles": [
   "HIP_FLEXORS",
   "ABDUCTORS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRETCHING",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=pigeon+stretch+form"
   }
  ]
 },
 {
  "slug": "pike-push-up",
  "name": "Pike Push-Up",
  "aliases": [],
  "description": "A push-up performed with the hips high in an upside-down V so that the press targets the shoulders. It builds overhead pressing strength with no equipment and is the main progression toward the handstand push-up.",
  "instructions": [
   "Start in a push-up position, then walk your feet toward your hands and lift your hips high so your body forms an upside-down V.",
   "Place your hands slightly wider than shoulder-width and keep your arms and legs as straight as your flexibility allows.",
   "Bend your elbows to lower the top of your head toward the floor just in front of your hands.",
   "Keep your elbows angled back at about 45 degrees rather than flaring them out.",
   "Press back up through your hands until your arms are straight, then repeat."
  ],
  "common_mistakes": [
   "Lowering the face or chest instead of the top of the head: it turns the move into a regular push-up; aim the crown of the head at a point slightly ahead of the hands.",
   "Letting the hips drop during the set: it shifts work to the chest; keep the hips high over the shoulders.",
   "Flaring the elbows wide: it strains the shoulder joint; keep them angled back toward the feet."
  ],
  "primary_muscles": [
   "FRONT_DELTS",
   "TRICEPS"
  ],
  "secondary_muscles": [
   "SIDE_DELTS",
   "CHEST"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CALISTHENICS",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=pike+push+up+form"
   }
  ]
 },
 {
  "slug": "pistol-squat",
  "name": "Pistol Squat",
  "aliases": [
   "Single-Leg Squat",
   "One-Leg Squat"
  ],
  "description": "A full-depth squat on one leg with the other leg held straight out in front. It demands strength, balance and ankle and hip mobility and is an advanced bodyweight skill; build up with box-assisted or partial versions.",
  "instructions": [
   "Stand on one leg with the other leg lifted slightly in front of you and arms reaching forward for balance.",
   "Brace your core and sit your hips back and down, bending the standing knee over the toes.",
   "Lift the free leg higher as you descend so it stays off the floor.",
   "Lower as far as you can control, ideally until your hamstring rests on your calf, keeping the heel down.",
   "Drive through the whole foot to stand back up, then finish your reps and switch legs. Squat to a box or hold a post to learn it."
  ],
  "common_mistakes": [
   "Dropping into the bottom: it loads the knee with no control; lower slowly and use a box to limit depth while building strength.",
   "Knee collapsing inward: it stresses the knee; keep the knee pointed over the toes.",
   "Heel lifting: it shifts load onto the knee and causes loss of balance; improve ankle mobility or put a small plate under the heel at first."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "HIP_FLEXORS",
   "ABS",
   "CALVES",
   "ADDUCTORS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CALISTHENICS",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=pistol+squat+form"
   }
  ]
 },
 {
  "slug": "plank",
  "name": "Plank",
  "aliases": [
   "Front Plank",
   "Forearm Plank"
  ],
  "description": "An isometric hold on the forearms and toes that trains the abs to keep the trunk rigid. It builds a foundation of core stability for almost every other lift and suits complete beginners.",
  "instructions": [
   "Place your forearms on the floor with your elbows directly under your shoulders and your hands about shoulder-width apart.",
   "Step your feet back one at a time so your body forms a straight line from head to heels, feet about hip-width apart.",
   "Squeeze your glutes and brace your abs as if someone were about to poke your stomach, tucking your pelvis slightly.",
   "Keep your neck neutral by looking at the floor just ahead of your hands.",
   "Breathe steadily and hold for the target time, typically 20-60 seconds.",
   "Lower your knees to the floor to finish."
  ],
  "common_mistakes": [
   "Letting the hips sag toward the floor: it shifts the load onto the lower back and can cause pain; squeeze the glutes, tuck the pelvis slightly, and end the set when you can no longer hold a straight line.",
   "Piking the hips high: it takes tension off the abs so the hold trains very little; lower the hips until shoulders, hips and heels line up.",
   "Holding your breath: it raises blood pressure and shortens the hold; take slow, shallow breaths while keeping the brace."
  ],
  "primary_muscles": [
   "ABS"
  ],
  "secondary_muscles": [
   "OBLIQUES",
   "GLUTES",
   "FRONT_DELTS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=plank+form"
   }
  ]
 },
 {
  "slug": "plate-front-raise",
  "name": "Plate Front Raise",
  "aliases": [
   "Weight Plate Front Raise",
   "Plate Raise",
   "Front Plate Raise"
  ],
  "description": "A shoulder raise in which you lift a weight plate held in both hands straight out in front of you. It isolates the front delts with a simple, grip-friendly setup and suits beginners using a light plate.",
  "instructions": [
   "Stand with your feet hip-width apart and hold a light weight plate in front of your thighs, gripping its sides at the 3 and 9 o'clock positions.",
   "Brace your core, set your shoulders down and back, and keep a slight bend in your elbows.",
   "Raise the plate straight in front of you until it reaches shoulder to eye level.",
   "Pause briefly at the top without leaning back.",
   "Lower the plate slowly to your thighs and repeat for the set reps."
  ],
  "common_mistakes": [
   "Swinging the plate up with the hips and lower back: it uses momentum and strains the spine; pick a lighter plate and keep the torso still.",
   "Shrugging as the plate rises: it turns the lift into a trap exercise and can pinch the neck; keep the shoulders down and away from the ears.",
   "Dropping the plate quickly: it loses half the training effect and jars the shoulders; take two to three seconds to lower it."
  ],
  "primary_muscles": [
   "FRONT_DELTS"
  ],
  "secondary_muscles": [
   "SIDE_DELTS",
   "TRAPS",
   "FOREARMS"
  ],
  "equipment": [
   "WEIGHT_PLATE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=plate+front+raise+form"
   }
  ]
 },
 {
  "slug": "plate-pinch-hold",
  "name": "Plate Pinch Hold",
  "aliases": [
   "Plate Pinch",
   "Pinch Grip Hold",
   "Pinch Grip Plate Hold"
  ],
  "description": "A grip exercise in which you pinch one or two smooth weight plates between your fingers and thumb and hold them at your side for time. It builds thumb and finger strength for lifting, climbing and grappling and suits all levels.",
  "instructions": [
   "Place one or two weight plates on a box or bench, smooth sides facing out if you are using two.",
   "Pinch the plates at the top edge with your fingers flat on one side and your thumb on the other.",
   "Stand up tall with your arm straight at your side, shoulders down and wrist neutral, holding the plates clear of your legs.",
   "Keep breathing steadily and hold for the set time or until your grip begins to slip.",
   "Set the plates down under control before they slip, then repeat with the other hand."
  ],
  "common_mistakes": [
   "Letting the plates drop near your feet: they can crush toes; start with a weight you control, stand with feet clear of the plates and set them down before the grip fails.",
   "Curling the wrist or hooking the fingers over the rim: it takes the thumb out of the work; keep the fingers flat and the wrist straight.",
   "Holding your breath through the hold: it raises blood pressure and shortens the set; breathe steadily the whole time."
  ],
  "primary_muscles": [
   "FOREARMS"
  ],
  "secondary_muscles": [
   "TRAPS"
  ],
  "equipment": [
   "WEIGHT_PLATE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=plate+pinch+hold+form"
   }
  ]
 },
 {
  "slug": "power-clean",
  "name": "Power Clean",
  "aliases": [
   "Barbell Power Clean"
  ],
  "description": "An Olympic lift where you pull a barbell explosively from the floor and catch it on the front of your shoulders in a partial squat. It builds power and athleticism and is a technical lift best learned from a qualified coach with light weights.",
  "instructions": [
   "Stand with feet hip-width apart, the bar over your midfoot, and grip it just outside your legs with a hook or overhand grip.",
   "Set a flat back with hips above knees, shoulders slightly in front of the bar and arms straight.",
   "Push the floor away to lift the bar smoothly past your knees, keeping it close and your back angle steady.",
   "When the bar reaches mid-thigh, jump explosively by extending your hips, knees and ankles, then shrug.",
   "Pull yourself under the bar and whip your elbows around quickly so the bar lands on the front of your shoulders.",
   "Catch it in a quarter squat with elbows high and feet slightly wider, then stand up tall.",
   "Lower the bar to your thighs and then to the floor under control, or drop it from the shoulders only on bumper plates in a suitable space."
  ],
  "common_mistakes": [
   "Pulling early with the arms: it slows the bar and strains the elbows; keep arms straight like ropes until the hips have fully extended.",
   "Letting the bar swing away from the body: it makes the catch unstable and loads the lower back; keep the bar brushing your thighs.",
   "Catching with low elbows: the bar crushes the wrists and pulls you forward; turn the elbows over fast and point them forward.",
   "Rounding the back off the floor: it risks a back injury; set a flat back and use a weight you can pull with good position."
  ],
  "primary_muscles": [
   "GLUTES",
   "HAMSTRINGS",
   "QUADRICEPS"
  ],
  "secondary_muscles": [
   "TRAPS",
   "LOWER_BACK",
   "UPPER_BACK",
   "CALVES",
   "FRONT_DELTS",
   "FOREARMS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "OLYMPIC_LIFTING",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=power+clean+form"
   }
  ]
 },
 {
  "slug": "preacher-curl",
  "name": "Preacher Curl",
  "aliases": [
   "Scott Curl",
   "EZ-Bar Preacher Curl"
  ],
  "description": "A curl performed with the upper arms resting on the angled pad of a preacher bench, usually with an EZ bar. The pad prevents swinging and isolates the biceps, and it suits beginners upward.",
  "instructions": [
   "Adjust the preacher bench seat so the top of the pad sits just under your armpits when you sit.",
   "Grab an EZ bar with an underhand grip on the angled handles and rest the backs of your upper arms flat on the pad.",
   "Curl the bar up toward your shoulders, keeping your upper arms on the pad.",
   "Stop just before your forearms reach vertical and squeeze your biceps.",
   "Lower the bar slowly until your arms are almost fully straight, then repeat."
  ],
  "common_mistakes": [
   "Dropping into the bottom and locking the elbows hard: the biceps tendon is heavily loaded there; lower slowly and stop just short of a hard lockout.",
   "Lifting the elbows or shoulders off the pad: it brings in momentum and the shoulders; keep the upper arms pressed into the pad.",
   "Setting the seat too low or high: it puts the arms at an awkward angle; adjust so the armpits sit snugly over the top of the pad."
  ],
  "primary_muscles": [
   "BICEPS"
  ],
  "secondary_muscles": [
   "FOREARMS"
  ],
  "equipment": [
   "EZ_BAR",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=preacher+curl+form"
   }
  ]
 },
 {
  "slug": "pull-up",
  "name": "Pull-Up",
  "aliases": [
   "Pullup",
   "Overhand Pull-Up"
  ],
  "description": "A bodyweight vertical pull hanging from a bar with an overhand grip and pulling the chin over it. It is one of the best back builders and suits people with moderate strength; beginners can use bands or an assisted machine.",
  "instructions": [
   "Grab the bar with an overhand grip slightly wider than shoulder width and hang with your arms straight and feet off the floor.",
   "Brace your abs and lightly squeeze your glutes, keeping your legs straight or crossed behind you.",
   "Start by pulling your shoulder blades down and back, then bend your elbows to pull your chest toward the bar.",
   "Continue until your chin clears the bar.",
   "Lower yourself under control to a full hang.",
   "If you cannot do a full rep yet, use a band, an assisted pull-up machine, or slow lowering-only reps."
  ],
  "common_mistakes": [
   "Kipping or swinging the legs: momentum takes work off the back and can strain the shoulders; keep the body still and pull strictly.",
   "Doing half reps: stopping short at the top or bottom limits strength gains; start from straight arms and finish with the chin over the bar.",
   "Craning the neck to get the chin over: it strains the neck; pull the chest up to the bar instead."
  ],
  "primary_muscles": [
   "LATS"
  ],
  "secondary_muscles": [
   "BICEPS",
   "UPPER_BACK",
   "REAR_DELTS",
   "FOREARMS"
  ],
  "equipment": [
   "PULL_UP_BAR"
  ],
  "category": "CALISTHENICS",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=pull+up+form"
   }
  ]
 },
 {
  "slug": "push-jerk",
  "name": "Push Jerk",
  "aliases": [
   "Barbell Push Jerk"
  ],
  "description": "An overhead lift where you dip and drive with the legs, then push yourself under the bar to catch it with locked arms in a partial squat. It moves more weight overhead than a press and builds leg-to-arm power transfer.",
  "instructions": [
   "Start with the bar in a front rack on your shoulders, hands just outside the shoulders and elbows slightly forward, feet hip-width apart.",
   "Brace your core and dip straight down a few inches by bending the knees, keeping the torso vertical and weight over the heels.",
   "Drive up hard through the legs to launch the bar off your shoulders.",
   "As the bar rises, push yourself down under it, catching it with locked arms in a quarter squat.",
   "Stand up fully with the bar overhead, then lower it back to the shoulders by bending the knees to absorb it."
  ],
  "common_mistakes": [
   "Dipping forward onto the toes: the bar drives out in front and strains the lower back; keep the torso upright and dip straight down.",
   "Pressing the bar up slowly with the arms: it wastes the leg drive; let the legs launch the bar and punch under it fast.",
   "Catching with bent elbows or an arched back: it stresses the shoulders and spine; lock out the arms and keep ribs down."
  ],
  "primary_muscles": [
   "FRONT_DELTS",
   "QUADRICEPS",
   "TRICEPS"
  ],
  "secondary_muscles": [
   "GLUTES",
   "SIDE_DELTS",
   "UPPER_BACK",
   "TRAPS",
   "ABS",
   "CALVES"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "OLYMPIC_LIFTING",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=push+jerk+form"
   }
  ]
 },
 {
  "slug": "push-press",
  "name": "Push Press",
  "aliases": [
   "Barbell Push Press"
  ],
  "description": "An overhead press that uses a short, quick leg drive to start the bar moving before the arms finish the lift. It develops power and lets you handle heavier loads overhead, and suits experienced lifters with a solid strict press.",
  "instructions": [
   "Hold the bar on your front shoulders with a grip just outside shoulder width, elbows slightly in front of the bar, and feet about hip width apart.",
   "Brace your core, then dip by bending your knees a few inches while keeping your torso upright and your weight over mid-foot.",
   "Without pausing at the bottom, drive hard through your legs to straighten your knees and hips explosively.",
   "As the bar leaves your shoulders, press it overhead, moving your head back and then through so the bar locks out over mid-foot.",
   "Hold the lockout briefly, then lower the bar under control to your shoulders, bending your knees slightly to absorb it.",
   "Reset your stance and brace before the next rep."
  ],
  "common_mistakes": [
   "Dipping too deep or letting the torso tip forward: it bleeds power and sends the bar forward; make the dip short and straight down.",
   "Pressing with the arms before the legs finish driving: it wastes the leg drive; let the legs launch the bar, then press.",
   "Letting the bar crash onto the shoulders on the way down: it can jar the spine and collarbones; lower under control with soft knees."
  ],
  "primary_muscles": [
   "FRONT_DELTS"
  ],
  "secondary_muscles": [
   "TRICEPS",
   "SIDE_DELTS",
   "TRAPS",
   "QUADRICEPS",
   "GLUTES"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=push+press+form"
   }
  ]
 },
 {
  "slug": "push-up",
  "name": "Push-Up",
  "aliases": [
   "Press-Up",
   "Pushup"
  ],
  "description": "A bodyweight press from a plank position that works the chest, shoulders, triceps and core. It needs no equipment and scales from beginner (knees or hands raised) to advanced.",
  "instructions": [
   "Place your hands on the floor slightly wider than shoulder width, in line with your shoulders.",
   "Step your feet back so you are on the balls of your feet with your body in a straight line from head to heels; brace your abs and squeeze your glutes.",
   "Bend your elbows to lower your chest toward the floor, keeping your elbows at about 45 degrees from your body.",
   "Lower until your chest is just above the floor.",
   "Push the floor away to straighten your arms, keeping your body in one straight line.",
   "If a full push-up is too hard, do them with your hands on a bench or from your knees while keeping the same straight body line."
  ],
  "common_mistakes": [
   "Letting the hips sag: it strains the lower back and reduces core work; brace your abs and squeeze your glutes throughout.",
   "Flaring the elbows straight out to the sides: it stresses the shoulders; keep them angled about 45 degrees from your torso.",
   "Doing shallow reps or dropping the head toward the floor: it shortens the range and strains the neck; lower your chest, not your face, close to the floor."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "TRICEPS",
   "FRONT_DELTS",
   "ABS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CALISTHENICS",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=push+up+form"
   }
  ]
 },
 {
  "slug": "reverse-crunch",
  "name": "Reverse Crunch",
  "aliases": [],
  "description": "A floor exercise where you curl your pelvis toward your ribs, lifting the hips off the floor. It emphasizes the lower portion of the abs and is gentle on the neck, making it a good beginner option.",
  "instructions": [
   "Lie on your back with your arms by your sides, palms down, and lift your legs so your hips and knees are bent at 90 degrees.",
   "Brace your abs and exhale.",
   "Curl your pelvis toward your ribs, lifting your hips a few inches off the floor so your knees move toward your chest.",
   "Pause briefly at the top, keeping the knee bend constant.",
   "Lower your hips slowly back to the floor until your thighs return to vertical, then repeat."
  ],
  "common_mistakes": [
   "Swinging the legs to create momentum: it shifts the work to the hip flexors; start each rep from a still position and curl the pelvis slowly.",
   "Pushing hard into the floor with the hands: it takes load off the abs; keep the arms relaxed and use them only for balance.",
   "Letting the legs drop past vertical on the way down: it arches the lower back; stop when the thighs are vertical."
  ],
  "primary_muscles": [
   "ABS"
  ],
  "secondary_muscles": [
   "HIP_FLEXORS",
   "OBLIQUES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=reverse+crunch+form"
   }
  ]
 },
 {
  "slug": "reverse-hyperextension",
  "name": "Reverse Hyperextension",
  "aliases": [
   "Reverse Hyper"
  ],
  "description": "Lying face down on a high bench or reverse hyper machine and raising the legs behind you. It trains the glutes, hamstrings and lower back with the spine unloaded, and suits lifters looking to strengthen the posterior chain.",
  "instructions": [
   "Lie face down on the reverse hyper machine or a high bench with your hips at the edge and legs hanging down.",
   "Grip the handles or bench edge firmly to keep your upper body still.",
   "Squeeze your glutes and lift your legs behind you until they are in line with your torso.",
   "Pause briefly at the top without arching the lower back.",
   "Lower your legs under control; on a machine with a pendulum, let it swing only as far as you can control."
  ],
  "common_mistakes": [
   "Swinging the legs up past horizontal: it hyperextends the lower back; stop when your legs line up with your body.",
   "Letting the weight swing freely at the bottom: a fast pendulum yanks the back; control the lowering.",
   "Using the lower back instead of the glutes: squeeze the glutes to start each rep and keep the motion smooth."
  ],
  "primary_muscles": [
   "GLUTES",
   "HAMSTRINGS",
   "LOWER_BACK"
  ],
  "secondary_muscles": [],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=reverse+hyperextension+form"
   }
  ]
 },
 {
  "slug": "reverse-lunge",
  "name": "Reverse Lunge",
  "aliases": [
   "Backward Lunge",
   "Dumbbell Reverse Lunge"
  ],
  "description": "A lunge performed by stepping backward instead of forward. It is easier on the knees and easier to balance than a forward lunge, making it a good first single-leg exercise.",
  "instructions": [
   "Stand tall with feet hip-width apart, holding dumbbells at your sides or hands on hips.",
   "Step one foot back about two to three feet and land on the ball of that foot.",
   "Bend both knees to lower until the back knee is just above the floor, keeping most of your weight on the front foot.",
   "Keep your torso upright and the front knee over the middle of the foot.",
   "Drive through the front heel to return to standing, bringing the back foot beside the front, then repeat on the same or alternate leg."
  ],
  "common_mistakes": [
   "Leaning far forward or letting the chest collapse: it strains the lower back; keep the chest up and core braced.",
   "Stepping back in a narrow line: balance suffers; step straight back keeping your feet hip-width apart.",
   "Pushing up mainly with the back foot: the front leg does less work; keep your weight on the front heel and midfoot."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "ADDUCTORS"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=reverse+lunge+form"
   }
  ]
 },
 {
  "slug": "reverse-pec-deck",
  "name": "Reverse Pec Deck",
  "aliases": [
   "Reverse Fly Machine",
   "Rear Delt Fly Machine",
   "Reverse Machine Fly"
  ],
  "description": "A seated machine fly done facing the pad, sweeping the arms back to work the rear deltoids and upper back. The guided path makes it easy for beginners and helps balance out pressing work.",
  "instructions": [
   "Set the machine handles to the rear-delt position so they start in front of you, and adjust the seat so the handles are at shoulder height.",
   "Sit facing the pad with your chest against it and grip the handles with arms straight out in front and a slight bend in the elbows.",
   "Sweep your arms out and back in a wide arc until they are in line with your body.",
   "Pause briefly, keeping your shoulders down.",
   "Return the handles slowly to the start and repeat."
  ],
  "common_mistakes": [
   "Shrugging the shoulders toward the ears: it shifts the work to the upper traps; keep the shoulders down as you sweep back.",
   "Bending the elbows to row the handles back: it turns the move into a row and reduces rear delt work; keep the elbow bend fixed.",
   "Leaning back off the pad to swing the weight: momentum removes tension from the target muscles; keep your chest on the pad and use less weight."
  ],
  "primary_muscles": [
   "REAR_DELTS"
  ],
  "secondary_muscles": [
   "UPPER_BACK"
  ],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=reverse+pec+deck+form"
   }
  ]
 },
 {
  "slug": "reverse-wrist-curl",
  "name": "Reverse Wrist Curl",
  "aliases": [
   "Wrist Extension",
   "Reverse Forearm Curl"
  ],
  "description": "A wrist curl performed with the palms facing down, lifting the back of the hand upward. It strengthens the wrist extensors, balances grip training, and suits beginners.",
  "instructions": [
   "Sit on a bench holding a light dumbbell in each hand with an overhand grip.",
   "Rest your forearms on your thighs so your wrists hang just past your knees, palms facing down.",
   "Let the dumbbells lower slowly by bending your wrists down toward the floor.",
   "Raise the backs of your hands as far as you comfortably can, keeping your forearms flat.",
   "Pause briefly, then lower slowly and repeat."
  ],
  "common_mistakes": [
   "Using too much weight: the wrist extensors are weak and heavy loads strain them; use a much lighter weight than for regular wrist curls.",
   "Lifting the forearms to help: it reduces the work on the extensors; keep the forearms pressed against the thighs.",
   "Moving quickly: it causes jerky motion at the wrist; lift and lower smoothly."
  ],
  "primary_muscles": [
   "FOREARMS"
  ],
  "secondary_muscles": [],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=reverse+wrist+curl+form"
   }
  ]
 },
 {
  "slug": "romanian-deadlift",
  "name": "Romanian Deadlift",
  "aliases": [
   "RDL",
   "Barbell Romanian Deadlift"
  ],
  "description": "A hip-hinge lift where you lower a barbell from standing down the front of the legs by pushing the hips back with soft knees and a neutral spine, then stand back up. It is one of the best exercises for the hamstrings and glutes; beginners should learn the hinge with a broomstick or very light bar before adding weight.",
  "instructions": [
   "Start standing tall holding the bar with an overhand grip just outside your thighs, feet hip-width apart (take it from a rack at hip height or deadlift it up from the floor).",
   "Unlock your knees into a soft bend of about 15 to 20 degrees and keep that same bend for the whole rep; do not squat down.",
   "Pull your shoulders back slightly, brace your core, and keep your neck in line with your back, eyes on the floor a few feet ahead.",
   "Push your hips straight back as if closing a car door with your backside, letting your torso tip forward as a single unit with a flat back.",
   "Keep the bar touching or brushing your thighs and shins all the way down, with your shins staying nearly vertical.",
   "Stop when you feel a strong stretch in your hamstrings and your hips stop moving back; for most people this is between just below the knee and mid-shin. The bar does not need to touch the floor.",
   "Drive your hips forward and squeeze your glutes to return to standing, keeping the bar close.",
   "Finish standing straight with ribs down, without leaning back, then start the next rep."
  ],
  "common_mistakes": [
   "Rounding the lower back to get the bar lower: it shifts load from the hamstrings onto the spinal discs and is the most common cause of injury; keep a neutral spine and end the rep where your hips stop moving back, even if that is above the knee.",
   "Letting the bar drift away from the legs: the further forward it hangs, the harder it pulls on the lower back; keep your lats tight and drag the bar down your thighs and shins.",
   "Bending the knees more as you lower (turning it into a squat) or locking them straight: a squat takes the hamstrings out of the lift, while locked knees strain the back of the knee; keep a fixed soft bend.",
   "Going too heavy too soon or leaning back at the top: both strain the lower back; use a weight you can control with perfect form and finish by squeezing the glutes, not arching."
  ],
  "primary_muscles": [
   "HAMSTRINGS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "LOWER_BACK",
   "FOREARMS",
   "UPPER_BACK"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=romanian+deadlift+form"
   }
  ]
 },
 {
  "slug": "rowing-machine",
  "name": "Rowing Machine",
  "aliases": [
   "Rower",
   "Indoor Rowing",
   "Erg"
  ],
  "description": "Indoor rowing on an ergometer, where each stroke combines a leg drive, a hip swing and an arm pull. It is low-impact, full-body cardio that suits all fitness levels once the stroke order is learned.",
  "instructions": [
   "Sit on the seat, strap your feet in so the strap crosses the widest part of your foot, and take the handle with an overhand grip.",
   "Start at the catch: shins near vertical, arms straight and torso leaning slightly forward from the hips.",
   "Drive with your legs first, pushing the seat back while keeping your arms straight.",
   "As your legs finish extending, lean back slightly, then pull the handle to your lower ribs with elbows close to your body.",
   "Return in reverse order: arms extend, torso leans forward from the hips, then knees bend to slide you back to the catch.",
   "Keep a rhythm where the return takes about twice as long as the drive."
  ],
  "common_mistakes": [
   "Pulling with the arms first: the legs should produce most of the power; push with the legs and let the arms finish the stroke.",
   "Rounding the lower back at the catch: it loads the spine under tension; hinge from the hips with a long, braced back.",
   "Bending the knees before the hands pass them on the return: the handle has to travel over the knees, which breaks the rhythm; extend the arms and lean forward first, then bend the knees.",
   "Setting the damper at maximum: it feels harder but mostly tires the back; a setting around 3-5 suits most people."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES",
   "LATS",
   "UPPER_BACK"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "BICEPS",
   "REAR_DELTS",
   "LOWER_BACK",
   "ABS"
  ],
  "equipment": [
   "ROWING_MACHINE"
  ],
  "category": "CARDIO",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=rowing+machine+form"
   }
  ]
 },
 {
  "slug": "russian-twist",
  "name": "Russian Twist",
  "aliases": [],
  "description": "A seated exercise where you lean back and rotate your torso from side to side. It trains the obliques and abs, and can be progressed by lifting the feet or holding a weight.",
  "instructions": [
   "Sit on the floor with your knees bent and heels on the floor, then lean back until your torso is about 45 degrees to the floor.",
   "Keep your chest up and back long, and clasp your hands together in front of your chest.",
   "Rotate your ribcage and shoulders to one side, bringing your hands beside your hip.",
   "Rotate back through the center to the other side.",
   "Continue alternating with control; lift your feet off the floor or hold a weight to make it harder."
  ],
  "common_mistakes": [
   "Moving only the arms: the hands travel but the torso stays still, so the obliques barely work; turn your chest and shoulders with the hands.",
   "Slumping into a rounded lower back: twisting while the spine is collapsed loads the discs; sit tall and reduce the lean if you cannot hold posture.",
   "Swinging a heavy weight fast: momentum strains the lower back; use a light weight and a controlled tempo."
  ],
  "primary_muscles": [
   "OBLIQUES"
  ],
  "secondary_muscles": [
   "ABS",
   "HIP_FLEXORS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=russian+twist+form"
   }
  ]
 },
 {
  "slug": "scapular-pull-up",
  "name": "Scapular Pull-Up",
  "aliases": [
   "Scap Pull-Up",
   "Scapular Depression"
  ],
  "description": "A small movement from a dead hang where you pull your shoulder blades down and together without bending your arms. It teaches proper shoulder positioning and builds strength for pull-ups, and suits beginners who can hang from a bar.",
  "instructions": [
   "Hang from a pull-up bar with an overhand, shoulder-width grip and fully straight arms.",
   "Let your shoulders rise toward your ears in a relaxed hang.",
   "Keeping your elbows straight, pull your shoulder blades down and slightly together so your body rises an inch or two.",
   "Pause for 1-2 seconds at the top with your chest slightly lifted.",
   "Lower slowly back into the hang and repeat."
  ],
  "common_mistakes": [
   "Bending the elbows: it turns the move into a partial pull-up and skips the shoulder blade work; keep the arms locked straight.",
   "Swinging or kicking the legs: momentum replaces control; keep the legs still and the core lightly braced.",
   "Dropping quickly into the bottom: it jolts the shoulder joints; lower slowly under control."
  ],
  "primary_muscles": [
   "LATS",
   "UPPER_BACK"
  ],
  "secondary_muscles": [
   "FOREARMS"
  ],
  "equipment": [
   "PULL_UP_BAR"
  ],
  "category": "CALISTHENICS",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=scapular+pull+up+form"
   }
  ]
 },
 {
  "slug": "seated-cable-row",
  "name": "Seated Cable Row",
  "aliases": [
   "Cable Row",
   "Low Row",
   "Seated Row"
  ],
  "description": "A seated horizontal pull on a low cable station, usually with a close-grip handle. It builds the lats and mid back with smooth, constant tension and suits beginners.",
  "instructions": [
   "Attach a close-grip handle to the low pulley of a seated row station and sit with your feet on the footplates and knees slightly bent.",
   "Grab the handle and sit upright with your arms extended, chest up and back neutral.",
   "Pull the handle to your lower ribs, keeping your elbows close to your sides and squeezing your shoulder blades together.",
   "Pause briefly while keeping your torso upright.",
   "Extend your arms slowly back to the start, letting your shoulder blades move forward slightly without rounding your lower back.",
   "Repeat, then bend your knees and lean forward slightly to return the handle to its rest position."
  ],
  "common_mistakes": [
   "Rocking the torso back and forth: it turns the row into a swing and strains the lower back; keep the torso nearly still and reduce the weight.",
   "Rounding the lower back at the stretch: it loads the spine under tension; reach forward with the arms and shoulder blades, not the lower back.",
   "Shrugging as you pull: it shifts work to the upper traps; keep the shoulders down and drive the elbows back."
  ],
  "primary_muscles": [
   "LATS",
   "UPPER_BACK"
  ],
  "secondary_muscles": [
   "BICEPS",
   "REAR_DELTS"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=seated+cable+row+form"
   }
  ]
 },
 {
  "slug": "seated-calf-raise",
  "name": "Seated Calf Raise",
  "aliases": [
   "Machine Seated Calf Raise"
  ],
  "description": "Raising the heels while seated with a padded weight on the knees. The bent-knee position targets the soleus, the deeper calf muscle, and the exercise suits beginners.",
  "instructions": [
   "Sit on the machine with the balls of your feet on the platform and the pad snug on your lower thighs just above the knees.",
   "Lift the pad slightly and release the safety lever.",
   "Lower your heels slowly until you feel a deep calf stretch.",
   "Push up through the balls of your feet as high as you can and pause at the top.",
   "Repeat under control and reset the safety lever after the last rep."
  ],
  "common_mistakes": [
   "Bouncing out of the bottom: it stresses the Achilles tendon; pause briefly in the stretch.",
   "Rolling onto the outer edges of the feet: it strains the ankles; push evenly through the big and second toes.",
   "Using only a tiny range of motion: it limits results; lower fully and rise fully."
  ],
  "primary_muscles": [
   "CALVES"
  ],
  "secondary_muscles": [],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=seated+calf+raise+form"
   }
  ]
 },
 {
  "slug": "seated-dumbbell-shoulder-press",
  "name": "Seated Dumbbell Shoulder Press",
  "aliases": [
   "Seated Dumbbell Press",
   "Dumbbell Shoulder Press",
   "Seated DB Overhead Press"
  ],
  "description": "A seated overhead press with a dumbbell in each hand and the back supported. The back pad limits cheating and the dumbbells let each arm move naturally, making it a good shoulder builder for beginners.",
  "instructions": [
   "Set an adjustable bench upright, or nearly upright, and sit with a dumbbell resting on each thigh.",
   "Kick the dumbbells up one at a time with your knees and hold them at shoulder height, palms facing forward and elbows slightly in front of your body.",
   "Press your back against the pad, plant your feet, and brace your abs.",
   "Press the dumbbells up until your arms are straight overhead, letting them come slightly closer together at the top.",
   "Lower them slowly back to shoulder height and repeat."
  ],
  "common_mistakes": [
   "Arching the lower back off the pad: it turns the press into an incline press and strains the spine; keep your back against the pad and ribs down.",
   "Lowering only partway: half reps limit shoulder development; bring the dumbbells down to about ear or shoulder level each rep.",
   "Letting the elbows flare straight out to the sides: it can pinch the shoulder; keep the elbows slightly forward of the torso."
  ],
  "primary_muscles": [
   "FRONT_DELTS"
  ],
  "secondary_muscles": [
   "SIDE_DELTS",
   "TRICEPS"
  ],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=seated+dumbbell+shoulder+press+form"
   }
  ]
 },
 {
  "slug": "seated-leg-curl",
  "name": "Seated Leg Curl",
  "aliases": [
   "Machine Seated Leg Curl"
  ],
  "description": "A seated machine exercise pushing a padded lever down and back by bending the knees. It isolates the hamstrings in a lengthened hip position and suits all levels.",
  "instructions": [
   "Adjust the seat so your knees line up with the pivot, the lower pad sits just above your heels and the thigh pad rests firmly on top of your thighs.",
   "Sit back against the pad and hold the handles.",
   "Bend your knees to pull the pad down and under you as far as you comfortably can.",
   "Pause and squeeze the hamstrings.",
   "Return slowly until your legs are almost straight."
  ],
  "common_mistakes": [
   "Leaving the thigh pad loose: your hips lift and the exercise gets sloppy; lock the thigh pad snugly on top of your legs.",
   "Letting the weight snap back: it jerks the knees into extension; control the return.",
   "Rocking the torso to move the weight: it reduces hamstring work; stay against the backrest and choose a load you can control."
  ],
  "primary_muscles": [
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "CALVES"
  ],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=seated+leg+curl+form"
   }
  ]
 },
 {
  "slug": "side-plank",
  "name": "Side Plank",
  "aliases": [
   "Side Bridge"
  ],
  "description": "An isometric hold on one forearm and the side of the feet that trains the obliques and the hip muscles that stabilize the pelvis sideways. It is a simple, low-load way for beginners to build lateral core strength.",
  "instructions": [
   "Lie on your side with your legs straight and stacked, and place your bottom elbow directly under your shoulder with the forearm pointing forward.",
   "Brace your core and lift your hips off the floor so your body forms a straight line from head to feet.",
   "Rest your top hand on your hip or reach it toward the ceiling.",
   "Keep your hips pushed slightly forward and your top shoulder stacked over the bottom one.",
   "Hold for the target time while breathing steadily, then lower your hips with control.",
   "Repeat on the other side."
  ],
  "common_mistakes": [
   "Letting the bottom hip drop: it takes the work off the obliques and strains the shoulder; lift the hips back into a straight line, and bend the bottom knee to shorten the lever if needed.",
   "Sinking into the supporting shoulder: it stresses the joint; push the forearm into the floor so the shoulder blade stays active and away from the ear.",
   "Rolling the hips forward or backward: it turns the hold into an easier position; keep the hips stacked and the body in one flat plane."
  ],
  "primary_muscles": [
   "OBLIQUES"
  ],
  "secondary_muscles": [
   "ABS",
   "ABDUCTORS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=side+plank+form"
   }
  ]
 },
 {
  "slug": "single-leg-calf-raise",
  "name": "Single-Leg Calf Raise",
  "aliases": [
   "One-Leg Calf Raise"
  ],
  "description": "A calf raise done on one foot, often on a step. It strengthens each calf on its own and builds ankle stability; it needs no equipment and suits beginners.",
  "instructions": [
   "Stand on one foot with the ball of the foot on the edge of a step and lightly hold a wall or rail for balance.",
   "Lower your heel slowly below the step until you feel a stretch in the calf.",
   "Push through the ball of your foot to rise as high as you can.",
   "Pause at the top, lower slowly, then finish all reps and switch feet. Hold a dumbbell in the free hand to make it harder."
  ],
  "common_mistakes": [
   "Bouncing at the bottom: it loads the Achilles tendon abruptly; lower slowly and pause.",
   "Rolling the ankle outward: it risks an ankle sprain; keep pressure through the big toe and move straight up and down.",
   "Pulling yourself up with the hand on the wall: it takes load off the calf; use the hand only for balance."
  ],
  "primary_muscles": [
   "CALVES"
  ],
  "secondary_muscles": [],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=single+leg+calf+raise+form"
   }
  ]
 },
 {
  "slug": "single-leg-glute-bridge",
  "name": "Single-Leg Glute Bridge",
  "aliases": [
   "One-Leg Glute Bridge"
  ],
  "description": "A glute bridge performed with one foot on the floor and the other leg raised. It makes each glute work on its own, challenges hip stability and is a progression from the two-leg bridge.",
  "instructions": [
   "Lie on your back with knees bent and feet flat, then lift one foot and straighten that leg or hug that knee toward your chest.",
   "Brace your core and push through the heel of the planted foot.",
   "Lift your hips until your body is straight from shoulder to knee, keeping your pelvis level.",
   "Squeeze the working glute at the top for a moment.",
   "Lower slowly, complete your reps, then switch sides."
  ],
  "common_mistakes": [
   "Letting one hip drop lower than the other: it shifts load to the lower back; keep the pelvis level and reduce the range if needed.",
   "Arching the back to get higher: it strains the spine; stop when the body is straight.",
   "Cramping in the hamstring: the foot is too far away; bring the planted heel closer to your hips."
  ],
  "primary_muscles": [
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "ABDUCTORS",
   "ABS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=single+leg+glute+bridge+form"
   }
  ]
 },
 {
  "slug": "single-leg-romanian-deadlift",
  "name": "Single-Leg Romanian Deadlift",
  "aliases": [
   "Single-Leg RDL",
   "One-Leg Romanian Deadlift"
  ],
  "description": "A one-leg hip hinge where you tip forward on a standing leg while the other leg extends behind you. It builds hamstring and glute strength one side at a time and challenges balance and hip stability.",
  "instructions": [
   "Stand on one leg with a soft bend in the knee, holding a dumbbell in the opposite hand (or no weight to start).",
   "Brace your core and hinge at the hip, tipping your torso forward while your free leg extends straight back in line with your body.",
   "Keep your hips square to the floor and your back flat, letting the dumbbell hang straight down close to the standing leg.",
   "Lower until you feel a stretch in the standing hamstring or your torso is near parallel to the floor.",
   "Drive the standing hip forward and squeeze the glute to return upright, then finish all reps and switch sides."
  ],
  "common_mistakes": [
   "Opening the hips so the back leg rotates outward: it reduces glute work and strains the lower back; point the back toes at the floor and keep hips level.",
   "Rounding the back to reach lower: it loads the spine; stop where your hamstring limits the hinge.",
   "Locking the standing knee: it strains the back of the knee and hurts balance; keep a slight bend throughout. Hold a wall or bench lightly at first if balance is poor."
  ],
  "primary_muscles": [
   "HAMSTRINGS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "ABDUCTORS",
   "LOWER_BACK",
   "FOREARMS"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=single+leg+romanian+deadlift+form"
   }
  ]
 },
 {
  "slug": "sissy-squat",
  "name": "Sissy Squat",
  "aliases": [
   "Bodyweight Sissy Squat"
  ],
  "description": "A bodyweight squat where you rise onto your toes and lean back, driving the knees forward so the body stays straight from knees to head. It isolates the quads strongly but stresses the knees, so it suits advanced lifters with healthy knees.",
  "instructions": [
   "Stand with feet hip-width apart and hold a sturdy post or rack with one hand for balance.",
   "Rise onto the balls of your feet and keep your hips extended so your body forms a straight line from knees to shoulders.",
   "Bend your knees forward and lean your torso back as a unit, lowering only as far as you can control.",
   "Stop when you feel strong tension in the quads or your knees approach the floor.",
   "Push through the balls of the feet and straighten the knees to return upright."
  ],
  "common_mistakes": [
   "Bending at the hips: it becomes a regular squat and loses the quad stretch; keep the hips open and body straight.",
   "Going too deep too soon: it places heavy stress on the knees; start with a small range and increase slowly.",
   "Doing it without support: you can fall backward; hold onto something sturdy until you are strong and balanced."
  ],
  "primary_muscles": [
   "QUADRICEPS"
  ],
  "secondary_muscles": [
   "ABS",
   "HIP_FLEXORS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "CALISTHENICS",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=sissy+squat+form"
   }
  ]
 },
 {
  "slug": "skater-jump",
  "name": "Skater Jump",
  "aliases": [
   "Skaters",
   "Speed Skater"
  ],
  "description": "A side-to-side hop from one foot to the other, mimicking a speed skater's stride. It builds lateral power, balance and conditioning, and beginners can keep the hops small and controlled.",
  "instructions": [
   "Stand on your right leg with a slight knee bend and hips back, left foot lifted behind you.",
   "Push off the right leg and leap sideways to the left, swinging your arms across your body.",
   "Land softly on your left foot with a bent knee, letting the right foot sweep behind the left without touching down (or touching lightly for balance).",
   "Pause briefly to control the landing, then push off to the right.",
   "Continue alternating sides at a steady rhythm."
  ],
  "common_mistakes": [
   "Landing on a straight leg: it jars the knee; bend the knee and hip as the foot touches down.",
   "Letting the knee drift inward: it strains the knee; keep the knee lined up over the foot.",
   "Leaping too far too soon: you lose balance; start with short hops and widen the distance as control improves."
  ],
  "primary_muscles": [
   "GLUTES",
   "QUADRICEPS",
   "ABDUCTORS"
  ],
  "secondary_muscles": [
   "ADDUCTORS",
   "CALVES",
   "HAMSTRINGS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "PLYOMETRIC",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=skater+jump+form"
   }
  ]
 },
 {
  "slug": "skull-crusher",
  "name": "Skull Crusher",
  "aliases": [
   "Lying Triceps Extension",
   "Skullcrusher",
   "EZ-Bar Skull Crusher"
  ],
  "description": "A lying triceps extension where an EZ bar is lowered toward the forehead and pressed back up by straightening the elbows. It builds triceps size and strength and suits lifters who have mastered basic triceps exercises.",
  "instructions": [
   "Lie on a flat bench holding an EZ bar with an overhand grip on the inner angled handles.",
   "Press the bar up so your arms are straight over your shoulders, then tilt your arms back slightly toward your head.",
   "Keeping your upper arms still, bend your elbows to lower the bar slowly toward your forehead or just behind your head.",
   "Stop when the bar is just above your forehead or your elbows reach about 90 degrees.",
   "Straighten your elbows to raise the bar back to the start and repeat."
  ],
  "common_mistakes": [
   "Lowering the bar fast toward the face: losing control can hit the head; move slowly and use a weight you fully control.",
   "Flaring the elbows out: it reduces triceps work and irritates the elbows; keep the elbows pointing roughly toward your feet.",
   "Letting the upper arms swing back and forth: it turns the move into a pullover-press; keep the upper arms fixed and move only at the elbows."
  ],
  "primary_muscles": [
   "TRICEPS"
  ],
  "secondary_muscles": [],
  "equipment": [
   "EZ_BAR",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=skull+crusher+form"
   }
  ]
 },
 {
  "slug": "sled-push",
  "name": "Sled Push",
  "aliases": [
   "Prowler Push"
  ],
  "description": "Driving a weighted sled across the floor by pushing its handles. It builds leg drive and conditioning with no lowering phase, so it causes little soreness and suits all levels.",
  "instructions": [
   "Load the sled and stand behind it, gripping the handles (high handles with straight arms or low handles with bent arms).",
   "Lean forward so your body forms a straight line from head to back heel at about 45 degrees.",
   "Brace your core and drive one knee forward, pushing through the ball of the foot.",
   "Take short, powerful steps, keeping your back flat and hips low.",
   "Keep pushing for the target distance, then stop and rest before the next run."
  ],
  "common_mistakes": [
   "Rounding the back or letting the hips rise high: it strains the lower back; keep a straight line from head to heel.",
   "Taking long slow strides: you lose drive; use short, fast, powerful steps.",
   "Loading too heavy and grinding: it turns into a slow shuffle; choose a load you can move with steady speed."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "CALVES",
   "HAMSTRINGS",
   "TRICEPS",
   "CHEST",
   "ABS"
  ],
  "equipment": [
   "SLED"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=sled+push+form"
   }
  ]
 },
 {
  "slug": "smith-machine-squat",
  "name": "Smith Machine Squat",
  "aliases": [
   "Smith Squat"
  ],
  "description": "A back squat performed with the bar fixed on vertical rails. The guided path and built-in safety catches make it an approachable way to load the squat, though it reduces the balance and stabilizer work of a free barbell.",
  "instructions": [
   "Set the bar at about shoulder height and set the safety stops just below your bottom position.",
   "Step under the bar, rest it across your upper traps, and place your feet shoulder-width apart slightly in front of the bar.",
   "Brace your core, rotate the bar to unhook it, and stand tall.",
   "Bend hips and knees together to lower until your thighs are about parallel, keeping your back neutral and heels down.",
   "Drive through your whole foot to stand, then rotate the bar back onto the hooks after the final rep."
  ],
  "common_mistakes": [
   "Placing the feet directly under the bar like a free squat: the fixed path then pushes the knees far forward and the back can round; find a foot position where your shins and torso feel balanced.",
   "Forgetting to set the safety stops: if you fail the bar cannot be dumped; always set the stops just below your working depth.",
   "Leaning against the bar and letting the rails do the work: it reduces leg effort; stay braced and push through the legs as you would with a free bar."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "ADDUCTORS"
  ],
  "equipment": [
   "SMITH_MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=smith+machine+squat+form"
   }
  ]
 },
 {
  "slug": "snatch",
  "name": "Snatch",
  "aliases": [
   "Barbell Snatch",
   "Squat Snatch"
  ],
  "description": "The Olympic lift where a barbell is lifted from the floor to overhead in one continuous motion, caught in an overhead squat. It is the most technical barbell lift, demanding speed, mobility and coaching.",
  "instructions": [
   "Take a wide grip so the bar sits in your hip crease when standing, set feet hip-width apart with the bar over the midfoot.",
   "Set a flat back with hips above the knees, chest up and shoulders slightly in front of the bar.",
   "Lift the bar smoothly past the knees, keeping it close and the back angle steady.",
   "When the bar reaches the upper thigh, jump explosively by extending hips, knees and ankles, then shrug.",
   "Pull yourself under the bar, keeping it close to your body, and punch your arms to lockout overhead.",
   "Catch in an overhead squat with the bar over the back of your neck and midfoot, then stand up.",
   "Lower the bar under control or drop it on bumper plates in a safe space."
  ],
  "common_mistakes": [
   "Pulling with the arms early: it kills speed and strains the elbows; keep arms long until full extension.",
   "Letting the bar swing out in front: you chase it forward and miss; keep the bar brushing the thighs and hips.",
   "Catching with soft elbows or lacking overhead mobility: it stresses the shoulders; lock the arms hard and build overhead squat mobility before adding weight.",
   "Not knowing how to bail: a miss can injure you; practice dropping the bar forward or backward on bumper plates."
  ],
  "primary_muscles": [
   "GLUTES",
   "QUADRICEPS",
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "TRAPS",
   "UPPER_BACK",
   "FRONT_DELTS",
   "LOWER_BACK",
   "TRICEPS",
   "CALVES",
   "ABS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "OLYMPIC_LIFTING",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=snatch+form"
   }
  ]
 },
 {
  "slug": "stability-ball-hamstring-curl",
  "name": "Stability Ball Hamstring Curl",
  "aliases": [
   "Swiss Ball Leg Curl",
   "Stability Ball Leg Curl",
   "Exercise Ball Hamstring Curl"
  ],
  "description": "A lying leg curl in which you hold a hip bridge and roll a stability ball toward you with your heels. It trains the hamstrings and glutes together without a machine and suits people who can already hold a steady glute bridge.",
  "instructions": [
   "Lie on your back with your arms out at your sides, palms down, and rest your heels and lower calves on top of a stability ball.",
   "Squeeze your glutes and lift your hips until your body forms a straight line from shoulders to heels.",
   "Keeping your hips high, bend your knees and pull the ball toward your glutes by digging your heels into it.",
   "Pause briefly when your feet are close to flat on the ball and your hips are fully extended.",
   "Slowly straighten your legs to roll the ball back out while keeping your hips lifted.",
   "Repeat for the set reps, then lower your hips to the floor before taking your feet off the ball."
  ],
  "common_mistakes": [
   "Letting the hips sag as the knees bend: it shifts work away from the hamstrings and glutes; keep pushing the hips up throughout each curl.",
   "Arching the lower back to lift higher: it strains the spine; brace your abs and stop the bridge when your body is in a straight line.",
   "Rolling the ball back out quickly: it skips the lowering phase where much of the strength is built; take two to three seconds to straighten your legs."
  ],
  "primary_muscles": [
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "GLUTES",
   "CALVES",
   "LOWER_BACK"
  ],
  "equipment": [
   "STABILITY_BALL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=stability+ball+hamstring+curl+form"
   }
  ]
 },
 {
  "slug": "stability-ball-rollout",
  "name": "Stability Ball Rollout",
  "aliases": [
   "Swiss Ball Rollout",
   "Exercise Ball Rollout",
   "Ball Rollout"
  ],
  "description": "A kneeling core exercise in which you roll a stability ball forward under your forearms and pull it back while keeping your trunk rigid. It trains the abs to resist arching of the lower back and is a gentler step toward the ab wheel rollout.",
  "instructions": [
   "Kneel on a mat facing a stability ball and place your forearms or clasped hands on top of it.",
   "Brace your abs and tuck your pelvis slightly so your body forms a straight line from knees to head.",
   "Roll the ball slowly forward, letting your arms reach out and your hips move forward together.",
   "Stop as soon as you feel your lower back start to arch or your hips start to drop.",
   "Pull the ball back toward your knees with your abs and arms, keeping the straight body line, and repeat."
  ],
  "common_mistakes": [
   "Letting the lower back sag at the far point: it strains the spine and takes tension off the abs; shorten the range and keep the pelvis tucked.",
   "Keeping the hips back and only reaching with the arms: it turns the exercise into a shoulder stretch; move the hips forward as the ball rolls.",
   "Rolling too far too soon: it can overload the core and lower back; start with a short roll and add distance only when the body line holds."
  ],
  "primary_muscles": [
   "ABS"
  ],
  "secondary_muscles": [
   "OBLIQUES",
   "LATS",
   "HIP_FLEXORS"
  ],
  "equipment": [
   "STABILITY_BALL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=stability+ball+rollout+form"
   }
  ]
 },
 {
  "slug": "stair-climber",
  "name": "Stair Climber",
  "aliases": [
   "StairMaster",
   "Stair Mill",
   "Stepmill"
  ],
  "description": "Climbing a revolving staircase machine at a set speed. It is a demanding, low-impact cardio workout that strongly works the glutes and quads, and beginners can start at a slow speed.",
  "instructions": [
   "Step onto the machine while holding the handrails and start at a slow step speed.",
   "Stand tall and place your whole foot on each step rather than just your toes.",
   "Push through your heel and midfoot to drive up, straightening the working leg at the top.",
   "Once you have a rhythm, let go of the rails or rest your fingertips on them lightly for balance.",
   "Raise the speed gradually to your target effort, then slow down to cool down and step off only once the machine has stopped."
  ],
  "common_mistakes": [
   "Leaning on the handrails: it takes much of your bodyweight off the legs; stand upright and slow the speed until you can climb with a light touch.",
   "Climbing on the toes only: it overloads the calves and skips the glutes; place the whole foot on each step.",
   "Setting the speed so fast that steps become short and frantic: it increases trip risk; choose a speed that allows full, controlled steps."
  ],
  "primary_muscles": [
   "GLUTES",
   "QUADRICEPS"
  ],
  "secondary_muscles": [
   "CALVES",
   "HAMSTRINGS"
  ],
  "equipment": [
   "MACHINE"
  ],
  "category": "CARDIO",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=stair+climber+form"
   }
  ]
 },
 {
  "slug": "standing-calf-raise",
  "name": "Standing Calf Raise",
  "aliases": [
   "Machine Calf Raise"
  ],
  "description": "Rising onto the balls of the feet with straight knees while loaded on the shoulders, usually on a machine. It trains the calves, especially the gastrocnemius, and suits beginners.",
  "instructions": [
   "Stand on the edge of the calf raise platform with the balls of your feet on it and the shoulder pads resting on your shoulders.",
   "Straighten your legs to lift the weight, keeping your knees straight but not locked hard.",
   "Lower your heels slowly below the platform until you feel a stretch in your calves.",
   "Push through the balls of your feet to rise as high as you can onto your toes.",
   "Pause at the top, then lower slowly and repeat."
  ],
  "common_mistakes": [
   "Bouncing at the bottom: it uses tendon rebound and can strain the Achilles; pause for a moment in the stretched position.",
   "Bending the knees to help lift: it turns it into a squat; keep the knees nearly straight.",
   "Cutting the range short: partial reps build less; use a full stretch and full rise with a weight you can control."
  ],
  "primary_muscles": [
   "CALVES"
  ],
  "secondary_muscles": [],
  "equipment": [
   "MACHINE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=standing+calf+raise+form"
   }
  ]
 },
 {
  "slug": "standing-hamstring-stretch",
  "name": "Standing Hamstring Stretch",
  "aliases": [
   "Elevated Hamstring Stretch"
  ],
  "description": "A standing stretch for the back of the thigh with the heel raised on a low step. It is an easy way to improve hamstring flexibility for all levels.",
  "instructions": [
   "Stand tall and place the heel of your right foot on a low step or bench in front of you, leg straight and toes pointing up.",
   "Put your hands on your hips and keep your standing knee slightly soft.",
   "Keeping your back straight, hinge forward from your hips until you feel a stretch along the back of your right thigh.",
   "Hold for 30-60 seconds while breathing slowly, without bouncing.",
   "Return upright and switch legs."
  ],
  "common_mistakes": [
   "Rounding the back to reach the toes: it stretches the back more than the hamstrings; keep the chest up and hinge from the hips.",
   "Bouncing into the stretch: it can strain the muscle; ease in and hold still.",
   "Forcing the stretched knee straight into hyperextension: it stresses the back of the knee; keep a tiny micro-bend if it feels tight."
  ],
  "primary_muscles": [
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "CALVES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRETCHING",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=standing+hamstring+stretch+form"
   }
  ]
 },
 {
  "slug": "stationary-bike",
  "name": "Stationary Bike",
  "aliases": [
   "Exercise Bike",
   "Indoor Cycling",
   "Spin Bike"
  ],
  "description": "Pedaling on an indoor exercise bike with adjustable resistance. It builds aerobic fitness with very little impact on the joints and suits beginners, older adults and people recovering from injury.",
  "instructions": [
   "Set the seat height so your knee keeps a slight bend when the pedal is at its lowest point.",
   "Adjust the handlebars so you can reach them with slightly bent elbows and a neutral back.",
   "Secure your feet in the straps or clips with the ball of each foot over the pedal axle.",
   "Pedal at low resistance for 3-5 minutes to warm up.",
   "Increase resistance or cadence to your planned effort, keeping your hips still on the seat and your knees in line with your feet.",
   "Cool down with a few minutes of easy pedaling before getting off."
  ],
  "common_mistakes": [
   "Seat too low: it bends the knee sharply and stresses the joint; raise the seat until the knee is only slightly bent at the bottom.",
   "Seat too high: the hips rock side to side to reach the pedals; lower the seat until the hips stay still.",
   "Spinning very fast with almost no resistance: you bounce on the seat and lose control; add enough resistance to feel the pedals push back."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "CALVES"
  ],
  "equipment": [
   "STATIONARY_BIKE"
  ],
  "category": "CARDIO",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=stationary+bike+form"
   }
  ]
 },
 {
  "slug": "step-up",
  "name": "Step-Up",
  "aliases": [
   "Box Step-Up",
   "Dumbbell Step-Up"
  ],
  "description": "A single-leg exercise where you step onto a box or bench and stand up on it. It builds leg strength and balance with little strain on the back and is easy to scale for beginners by changing the box height.",
  "instructions": [
   "Stand facing a sturdy box or bench about knee height or lower, holding dumbbells at your sides if using weight.",
   "Place your whole working foot on the box.",
   "Lean slightly forward and drive through the heel of the top foot to stand up on the box, bringing the other foot up.",
   "Stand fully upright on top, then step down under control with the trailing foot first.",
   "Complete all reps on one leg, then switch, or alternate legs each rep."
  ],
  "common_mistakes": [
   "Pushing off the bottom foot: the working leg does little; keep the bottom foot relaxed and let the top leg do the lifting.",
   "Using a box that is too high: the hips sink and the knee or back is strained; choose a height where your thigh is no higher than parallel when the foot is on the box.",
   "Letting the top knee cave inward: it stresses the knee; keep the knee in line with the toes and slow down."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "CALVES"
  ],
  "equipment": [
   "DUMBBELL",
   "PLYO_BOX"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=step+up+form"
   }
  ]
 },
 {
  "slug": "stiff-leg-deadlift",
  "name": "Stiff-Leg Deadlift",
  "aliases": [
   "Stiff-Legged Deadlift",
   "SLDL"
  ],
  "description": "A deadlift variation with nearly straight legs where the bar starts and usually ends each rep on the floor. It strongly loads the hamstrings and lower back and suits lifters who already hinge well.",
  "instructions": [
   "Stand with feet hip-width apart and the bar over your midfoot.",
   "Hinge at the hips with only a slight knee bend and grip the bar just outside your legs.",
   "Set a flat back, brace your core and pull your shoulders back before lifting.",
   "Lift the bar by driving the hips forward, keeping the knees only slightly bent and the bar close to your legs.",
   "Lower the bar by pushing the hips back with the same slight knee bend, keeping the back flat, and touch it lightly to the floor or stop just above if your back starts to round."
  ],
  "common_mistakes": [
   "Rounding the lower back to reach the floor: it loads the discs; if you cannot reach the floor with a flat back, raise the bar on blocks or stop short.",
   "Fully locking the knees: it strains the knee and hamstring attachments; keep a slight bend.",
   "Going heavy before mastering the hinge: the straight-leg position gives the lower back little help; start light and progress slowly."
  ],
  "primary_muscles": [
   "HAMSTRINGS",
   "GLUTES",
   "LOWER_BACK"
  ],
  "secondary_muscles": [
   "FOREARMS",
   "UPPER_BACK"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=stiff+leg+deadlift+form"
   }
  ]
 },
 {
  "slug": "straight-arm-pulldown",
  "name": "Straight-Arm Pulldown",
  "aliases": [
   "Straight-Arm Lat Pulldown",
   "Cable Pullover",
   "Straight-Arm Pushdown"
  ],
  "description": "A standing cable exercise that sweeps straight arms down from head height to the thighs. It isolates the lats without the biceps and suits lifters who have learned to feel their lats working.",
  "instructions": [
   "Attach a straight bar or rope to a high pulley.",
   "Grab it overhand about shoulder width, step back two to three feet, and hinge forward slightly at the hips with soft knees so your arms reach up toward the pulley.",
   "With your elbows slightly bent and fixed, pull the bar down in an arc toward your thighs by driving your arms down.",
   "Stop when the bar reaches your thighs and squeeze your lats.",
   "Return slowly along the same arc until your arms are about head height and you feel a stretch in your lats."
  ],
  "common_mistakes": [
   "Bending and straightening the elbows: it turns the move into a triceps pushdown; keep the elbow angle fixed.",
   "Crunching the torso down to move the weight: the abs take over; keep the torso angle steady and use a lighter load.",
   "Shrugging the shoulders up at the top of the arc: it takes tension off the lats; keep the shoulders down away from the ears."
  ],
  "primary_muscles": [
   "LATS"
  ],
  "secondary_muscles": [
   "UPPER_BACK",
   "TRICEPS"
  ],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=straight+arm+pulldown+form"
   }
  ]
 },
 {
  "slug": "suitcase-carry",
  "name": "Suitcase Carry",
  "aliases": [
   "Single-Arm Farmer's Carry",
   "Suitcase Walk"
  ],
  "description": "Walking while holding a heavy weight in one hand, like a suitcase. It trains the obliques and deep core to resist side-bending and builds grip, and suits all levels because the load is easy to scale.",
  "instructions": [
   "Stand next to a dumbbell or kettlebell and squat down to pick it up in one hand, keeping your back flat.",
   "Stand tall with the weight at your side, shoulders level and arm straight.",
   "Brace your core and walk forward with steady, normal-length steps.",
   "Keep your torso upright without leaning toward or away from the weight.",
   "Walk for the set distance or time, squat to set the weight down, and switch hands."
  ],
  "common_mistakes": [
   "Leaning toward the weight or overcorrecting away from it: it lets the spine bend instead of the core resisting; stay tall with level shoulders and use a lighter load if needed.",
   "Shrugging the shoulder of the carrying arm: it moves load into the neck; keep the shoulder pulled down.",
   "Rounding the back to lift or set down the weight: it loads the lower back; bend the knees and hips with a flat back."
  ],
  "primary_muscles": [
   "OBLIQUES",
   "FOREARMS"
  ],
  "secondary_muscles": [
   "ABS",
   "TRAPS",
   "GLUTES",
   "ABDUCTORS"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=suitcase+carry+form"
   }
  ]
 },
 {
  "slug": "sumo-deadlift",
  "name": "Sumo Deadlift",
  "aliases": [
   "Sumo Pull"
  ],
  "description": "A deadlift with a wide stance and hands gripping inside the knees. The more upright torso shifts some work from the lower back to the quads, glutes and inner thighs; it suits lifters with good hip mobility.",
  "instructions": [
   "Stand with feet well wider than shoulder-width, toes pointed out about 30 to 45 degrees, and the bar over your midfoot.",
   "Hinge and bend your knees, pushing them out over your toes, and grip the bar with hands about shoulder-width apart inside your legs.",
   "Lower your hips until your shins are close to the bar and your chest is up with a flat back, then pull the slack out of the bar.",
   "Brace your core and push the floor apart with your feet as you drive up, keeping the bar close to your body.",
   "Stand tall by bringing your hips forward to meet the bar, then lower it under control the same way."
  ],
  "common_mistakes": [
   "Letting the knees cave in as you pull: it strains the knees and hips; push the knees out in line with your toes throughout.",
   "Shooting the hips up first so it becomes a stiff-legged pull: the lower back takes over; keep the chest up and drive with the legs from the start.",
   "Taking a stance so wide your hips cannot handle it: it can strain the groin; use a width where your shins stay roughly vertical."
  ],
  "primary_muscles": [
   "GLUTES",
   "QUADRICEPS",
   "ADDUCTORS"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "LOWER_BACK",
   "UPPER_BACK",
   "TRAPS",
   "FOREARMS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=sumo+deadlift+form"
   }
  ]
 },
 {
  "slug": "superman-hold",
  "name": "Superman Hold",
  "aliases": [
   "Superman",
   "Prone Back Extension"
  ],
  "description": "A face-down hold where you lift your arms, chest and legs off the floor at the same time. It strengthens the back extensors and glutes with no equipment and suits beginners.",
  "instructions": [
   "Lie face down on a mat with your arms extended overhead and legs straight.",
   "Squeeze your glutes and brace your core lightly.",
   "Lift your arms, chest and legs a few inches off the floor at the same time.",
   "Keep your neck neutral by looking at the floor just in front of you.",
   "Hold for the target time while breathing steadily, then lower with control."
  ],
  "common_mistakes": [
   "Looking up and cranking the neck back: it strains the neck; keep the gaze on the floor.",
   "Lifting as high as possible: it overarches the lower back and can pinch it; a few inches is enough.",
   "Holding your breath: it shortens the hold and raises blood pressure; breathe slowly throughout."
  ],
  "primary_muscles": [
   "LOWER_BACK",
   "GLUTES"
  ],
  "secondary_muscles": [
   "UPPER_BACK",
   "HAMSTRINGS",
   "REAR_DELTS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=superman+hold+form"
   }
  ]
 },
 {
  "slug": "suspension-trainer-push-up",
  "name": "Suspension Trainer Push-Up",
  "aliases": [
   "TRX Push-Up",
   "Suspension Push-Up",
   "TRX Chest Press"
  ],
  "description": "A push-up performed with your hands in suspension straps, which forces the chest, shoulders and core to steady the unstable handles. It builds pressing strength and control and suits people who can already do a few solid floor push-ups.",
  "instructions": [
   "Check that the suspension trainer is securely anchored and adjust the straps so the handles hang roughly at knee height.",
   "Face away from the anchor, hold a handle in each hand and walk your feet back into a leaning plank with arms straight under your shoulders.",
   "Brace your abs and glutes so your body forms a straight line from head to heels.",
   "Bend your elbows to lower your chest between the handles, keeping the handles under your shoulders and your elbows about 45 degrees from your body.",
   "Stop when your hands are beside your chest, then press back up until your arms are straight without letting the handles drift apart.",
   "Repeat for the set reps; step your feet farther back to make it harder or closer to the anchor to make it easier."
  ],
  "common_mistakes": [
   "Letting the handles drift wide: it overstretches the shoulders and can drop you suddenly; keep the handles tracking under your shoulders.",
   "Sagging at the hips: it strains the lower back and reduces chest work; squeeze the glutes and abs to hold a straight body line.",
   "Starting at too low an angle: the straps become hard to control and the shoulders can be overloaded; begin more upright and progress the angle gradually."
  ],
  "primary_muscles": [
   "CHEST"
  ],
  "secondary_muscles": [
   "TRICEPS",
   "FRONT_DELTS",
   "ABS"
  ],
  "equipment": [
   "SUSPENSION_TRAINER"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=suspension+trainer+push+up+form"
   }
  ]
 },
 {
  "slug": "suspension-trainer-row",
  "name": "Suspension Trainer Row",
  "aliases": [
   "TRX Row",
   "Suspension Row",
   "Strap Row"
  ],
  "description": "A bodyweight row performed leaning back from suspension straps and pulling your chest up to the handles. It strengthens the upper back, lats and biceps, and suits beginners because standing more upright makes it easier.",
  "instructions": [
   "Check that the suspension trainer is securely anchored, then hold one handle in each hand with palms facing each other.",
   "Face the anchor and walk your feet forward, leaning back until your arms are straight and the straps are tight.",
   "Brace your abs and glutes so your body forms a straight line from head to heels.",
   "Pull your chest up toward the handles, driving your elbows back close to your sides and squeezing your shoulder blades together.",
   "Pause briefly at the top, then lower yourself slowly until your arms are straight again.",
   "Repeat for the set reps; to make it harder walk your feet farther forward, and to make it easier step back."
  ],
  "common_mistakes": [
   "Letting the hips sag or pike: it shortens the pull and shifts load away from the back; keep a rigid plank from head to heels.",
   "Shrugging the shoulders toward the ears: it overworks the upper traps and neck; keep the shoulders down and lead with the elbows.",
   "Dropping quickly to the bottom: it jerks the shoulders and the anchor; lower under control, and check the anchor before every session."
  ],
  "primary_muscles": [
   "UPPER_BACK",
   "LATS"
  ],
  "secondary_muscles": [
   "BICEPS",
   "REAR_DELTS",
   "FOREARMS",
   "ABS"
  ],
  "equipment": [
   "SUSPENSION_TRAINER"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=suspension+trainer+row+form"
   }
  ]
 },
 {
  "slug": "t-bar-row",
  "name": "T-Bar Row",
  "aliases": [
   "Landmine T-Bar Row",
   "T-Bar Bent-Over Row"
  ],
  "description": "A bent-over row pulling one end of a loaded barbell anchored in a landmine, using a close-grip handle. It lets you row heavy loads for the upper back and lats and suits lifters who can already hold a solid hip hinge.",
  "instructions": [
   "Anchor one end of a barbell in a landmine attachment, load plates on the other end, and stand straddling the bar facing the plates.",
   "Place a close-grip V-handle under the bar just behind the plates.",
   "Hinge at your hips with soft knees and a flat back until your torso is about 45 degrees, and grab the handle with straight arms.",
   "Brace your core and pull the bar toward your chest, driving your elbows back and squeezing your shoulder blades.",
   "Lower the bar under control until your arms are straight, without losing your back position, then repeat."
  ],
  "common_mistakes": [
   "Rounding the back to pull more weight: it loads the spine; keep a neutral back and reduce the plates.",
   "Using the legs and hips to heave the bar up: it takes the work off the back; hold a steady torso angle and pull with the arms and back.",
   "Using large-diameter plates: they hit the chest early and shorten the range; use smaller plates so the bar can travel fully."
  ],
  "primary_muscles": [
   "UPPER_BACK",
   "LATS"
  ],
  "secondary_muscles": [
   "REAR_DELTS",
   "BICEPS",
   "LOWER_BACK",
   "FOREARMS"
  ],
  "equipment": [
   "BARBELL",
   "LANDMINE"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=t+bar+row+form"
   }
  ]
 },
 {
  "slug": "thoracic-spine-rotation",
  "name": "Thoracic Spine Rotation",
  "aliases": [
   "T-Spine Rotation",
   "Quadruped Thoracic Rotation"
  ],
  "description": "An all-fours drill where you rotate your upper back with one hand behind your head. It improves upper-back rotation, which helps posture and overhead and rotational sports, and suits all levels.",
  "instructions": [
   "Start on all fours with your hands under your shoulders and knees under your hips.",
   "Sit your hips back slightly toward your heels to keep your lower back from twisting.",
   "Place your right hand behind your head with the elbow pointing out to the side.",
   "Rotate your upper body to bring your right elbow down toward your left wrist.",
   "Reverse the movement and rotate up, opening your chest and pointing your right elbow toward the ceiling while following it with your eyes.",
   "Do 8-10 slow reps, then switch sides."
  ],
  "common_mistakes": [
   "Twisting from the lower back or shifting the hips: it moves the rotation away from the upper back; keep the hips still and sat back.",
   "Rushing the reps: it skips the end range; pause briefly at the top of each rotation.",
   "Collapsing onto the supporting arm: it strains the shoulder; push the floor away with that hand."
  ],
  "primary_muscles": [
   "UPPER_BACK"
  ],
  "secondary_muscles": [
   "OBLIQUES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "MOBILITY",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=thoracic+spine+rotation+form"
   }
  ]
 },
 {
  "slug": "toes-to-bar",
  "name": "Toes-to-Bar",
  "aliases": [
   "T2B"
  ],
  "description": "A hanging exercise where you raise your feet all the way up to touch the bar. It trains the abs, hip flexors and lats through a big range and suits advanced trainees who can already do strict hanging leg raises.",
  "instructions": [
   "Hang from a pull-up bar with an overhand grip about shoulder-width apart.",
   "Engage your lats by pressing down on the bar with straight arms, pulling your body slightly behind the bar.",
   "Brace your abs and raise your legs as straight as possible, curling your hips up toward the bar.",
   "Touch the bar with the tops of both feet at the same time.",
   "Lower your legs with control back under the bar and stop any swing before the next rep."
  ],
  "common_mistakes": [
   "Swinging wildly to reach the bar: it shifts the work away from the abs and can strain the shoulders; pause between reps or use a controlled kip only once the strict version is solid.",
   "Bending the knees heavily: it turns the movement into a knee raise; keep the legs as straight as your hamstring flexibility allows.",
   "Trying it before you are ready: build up with hanging knee raises and hanging leg raises first."
  ],
  "primary_muscles": [
   "ABS",
   "HIP_FLEXORS"
  ],
  "secondary_muscles": [
   "LATS",
   "OBLIQUES",
   "FOREARMS"
  ],
  "equipment": [
   "PULL_UP_BAR"
  ],
  "category": "CALISTHENICS",
  "difficulty": "ADVANCED",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=toes+to+bar+form"
   }
  ]
 },
 {
  "slug": "trap-bar-deadlift",
  "name": "Trap Bar Deadlift",
  "aliases": [
   "Hex Bar Deadlift"
  ],
  "description": "A deadlift using a hexagonal bar that you stand inside, holding handles at your sides. It keeps the load in line with your body, is easier on the lower back than a straight-bar deadlift, and is a great way for beginners to learn to lift heavy from the floor.",
  "instructions": [
   "Step into the center of the trap bar with feet hip-width apart, the handles in line with the middle of your feet.",
   "Hinge at the hips and bend your knees to grip the handles in the middle, arms straight.",
   "Set a flat back with your chest up and shoulders pulled down, then brace your core.",
   "Push the floor away with your legs and stand up, bringing your hips forward to finish tall.",
   "Lower the bar by pushing the hips back and bending the knees, setting it down under control."
  ],
  "common_mistakes": [
   "Rounding the back to reach the handles: it loads the spine; bend the knees more or use the raised handles if you cannot reach with a flat back.",
   "Gripping the handles off-center: the bar tips and pulls you off balance; grip the middle of each handle.",
   "Leaning back at the top: it compresses the lower back; stand straight and squeeze the glutes to finish."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES",
   "HAMSTRINGS"
  ],
  "secondary_muscles": [
   "LOWER_BACK",
   "TRAPS",
   "FOREARMS",
   "UPPER_BACK"
  ],
  "equipment": [
   "TRAP_BAR"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=trap+bar+deadlift+form"
   }
  ]
 },
 {
  "slug": "treadmill-running",
  "name": "Treadmill Running",
  "aliases": [
   "Treadmill Run",
   "Treadmill Jog"
  ],
  "description": "Running on a motorized treadmill at a set speed and incline. It builds aerobic fitness in a controlled indoor setting and suits anyone who can walk briskly, starting with walk-run intervals if needed.",
  "instructions": [
   "Stand on the side rails, clip the safety key to your clothing and start the belt at a slow walking speed.",
   "Step onto the belt and walk for 3-5 minutes to warm up.",
   "Increase the speed gradually to a comfortable jog where you can still speak in short sentences.",
   "Run tall near the middle of the belt with short, quick steps landing under your hips and relaxed arms swinging at your sides.",
   "Adjust speed or incline to suit your planned workout.",
   "Finish by slowing to a walk for a few minutes, then stop the belt before stepping off."
  ],
  "common_mistakes": [
   "Holding the handrails while running: it ruins posture and reduces the work; let go and lower the speed until you can run hands-free.",
   "Overstriding with the heel landing far in front: it brakes each step and loads the knees; take shorter, quicker steps that land under the body.",
   "Starting too fast or jumping off a moving belt: both can cause falls or strains; build up speed gradually and always stop the belt, or straddle the rails, before getting off."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "HAMSTRINGS",
   "GLUTES",
   "CALVES"
  ],
  "secondary_muscles": [
   "HIP_FLEXORS",
   "ABS"
  ],
  "equipment": [
   "TREADMILL"
  ],
  "category": "CARDIO",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=treadmill+running+form"
   }
  ]
 },
 {
  "slug": "triceps-dip",
  "name": "Triceps Dip",
  "aliases": [
   "Parallel Bar Triceps Dip",
   "Upright Dip"
  ],
  "description": "A dip on parallel bars with an upright torso and elbows kept close to the body, which puts most of the work on the triceps. It is a demanding bodyweight exercise suited to people who can already do several strict push-ups and have healthy shoulders.",
  "instructions": [
   "Grip the parallel bars and lift yourself to support on straight arms, with your shoulders pressed down.",
   "Keep your torso upright and your legs straight or slightly bent beneath you.",
   "Bend your elbows to lower your body slowly, keeping your elbows pointing back and close to your sides.",
   "Stop when your upper arms are about parallel to the floor.",
   "Press through your palms to straighten your arms and return to the top, then repeat.",
   "If you cannot do controlled reps yet, use an assisted dip machine or a band looped over the bars."
  ],
  "common_mistakes": [
   "Flaring the elbows out: it shifts stress to the shoulders and reduces triceps work; keep the elbows tucked and pointing back.",
   "Dropping too deep: it places heavy strain on the front of the shoulder; stop when the upper arms reach parallel.",
   "Shrugging the shoulders up: it loads the joint poorly; press the shoulders down at all times."
  ],
  "primary_muscles": [
   "TRICEPS"
  ],
  "secondary_muscles": [
   "CHEST",
   "FRONT_DELTS"
  ],
  "equipment": [
   "DIP_STATION"
  ],
  "category": "CALISTHENICS",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=triceps+dip+form"
   }
  ]
 },
 {
  "slug": "triceps-pushdown",
  "name": "Triceps Pushdown",
  "aliases": [
   "Tricep Pushdown",
   "Cable Pushdown",
   "Rope Pushdown",
   "Triceps Pressdown"
  ],
  "description": "A standing cable exercise that straightens the elbows to push a bar or rope down from chest height. It isolates the triceps with a simple movement and suits beginners.",
  "instructions": [
   "Attach a straight bar or rope to a high cable pulley.",
   "Grab the attachment with an overhand grip and stand close to the machine with a slight forward lean and your elbows tucked at your sides.",
   "Start with your forearms about parallel to the floor or slightly higher.",
   "Push the attachment down by straightening your elbows until your arms are fully extended, spreading the rope ends apart at the bottom if using a rope.",
   "Return slowly until your forearms are about parallel to the floor again, keeping your elbows in place."
  ],
  "common_mistakes": [
   "Letting the elbows move forward and back: it brings in the shoulders and lats; keep the elbows pinned to your sides.",
   "Leaning over the bar to push with bodyweight: it takes work off the triceps; stay mostly upright and use a lighter load.",
   "Letting the attachment fly up past chest height: it loses control and tension; return only until the forearms are about parallel to the floor."
  ],
  "primary_muscles": [
   "TRICEPS"
  ],
  "secondary_muscles": [],
  "equipment": [
   "CABLE"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=triceps+pushdown+form"
   }
  ]
 },
 {
  "slug": "tuck-jump",
  "name": "Tuck Jump",
  "aliases": [
   "Knee Tuck Jump"
  ],
  "description": "A vertical jump where you pull your knees up toward your chest at the top. It builds explosive power and conditioning and demands good landing control, so it suits people comfortable with basic jumps.",
  "instructions": [
   "Stand with feet hip-width apart, knees slightly bent and arms at your sides.",
   "Dip quickly and jump straight up, swinging the arms up.",
   "At the top of the jump, pull your knees up toward your chest.",
   "Extend your legs back down before landing and land softly on the balls of the feet with bent knees.",
   "Rebound into the next jump or reset between reps."
  ],
  "common_mistakes": [
   "Landing with legs still tucked or straight and stiff: it jars the knees and ankles; extend the legs early and bend them on contact.",
   "Hunching the back to reach the knees: it shortens the jump; keep the chest up and bring the knees up to you.",
   "Continuing when tired and landing loudly: sloppy landings raise injury risk; stop the set when landings are no longer quiet and controlled."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "HIP_FLEXORS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "CALVES",
   "ABS",
   "HAMSTRINGS"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "PLYOMETRIC",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=tuck+jump+form"
   }
  ]
 },
 {
  "slug": "turkish-get-up",
  "name": "Turkish Get-Up",
  "aliases": [
   "TGU",
   "Get-Up"
  ],
  "description": "A slow, multi-step movement from lying on the floor to standing while holding a kettlebell overhead with a locked arm, then reversing back down. It builds shoulder stability, core strength and whole-body control; learn it with no weight or a shoe balanced on the fist first.",
  "instructions": [
   "Lie on your back holding the kettlebell in your right hand with the arm pressed straight up, right knee bent with foot flat, left arm and leg out at about 45 degrees.",
   "Keep your eyes on the bell and roll up onto your left elbow, then press up onto your left hand.",
   "Drive through your right foot to lift your hips into a bridge.",
   "Sweep your left leg underneath you and place the left knee on the floor under your hip, coming into a kneeling position.",
   "Lift your left hand off the floor, straighten your torso, and turn your back leg so you are in a half-kneeling lunge.",
   "Stand up from the lunge with the bell still locked out overhead.",
   "Reverse every step slowly to return to the floor, then switch sides."
  ],
  "common_mistakes": [
   "Letting the elbow bend or the bell drift: a bell falling toward the face is dangerous; keep the arm locked, wrist straight and eyes on the bell until you are comfortable.",
   "Rushing through the steps: momentum makes the bell unstable; move slowly and pause at each position.",
   "Starting too heavy: the shoulder cannot stabilize the load; master the pattern with no weight or a light bell first."
  ],
  "primary_muscles": [
   "ABS",
   "OBLIQUES",
   "FRONT_DELTS"
  ],
  "secondary_muscles": [
   "ROTATOR_CUFF",
   "GLUTES",
   "QUADRICEPS",
   "TRICEPS",
   "SIDE_DELTS",
   "HIP_FLEXORS"
  ],
  "equipment": [
   "KETTLEBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=turkish+get+up+form"
   }
  ]
 },
 {
  "slug": "upright-row",
  "name": "Upright Row",
  "aliases": [
   "Barbell Upright Row"
  ],
  "description": "A vertical pull that lifts a barbell along the front of the body toward the chest with the elbows leading. It works the side delts and upper traps, but it can irritate some shoulders, so it suits lifters with healthy shoulders using a moderate grip and range.",
  "instructions": [
   "Stand tall holding a barbell with an overhand grip about shoulder width or slightly wider, with the bar resting against your thighs.",
   "Brace your core and keep your chest up.",
   "Pull the bar up close to your body, leading with your elbows so they stay higher than your wrists.",
   "Stop when your elbows reach about shoulder height and the bar is around your lower chest.",
   "Lower the bar slowly to full arm extension and repeat."
  ],
  "common_mistakes": [
   "Using a narrow grip and pulling the bar to the chin: raising the arm while it is turned inward can pinch the shoulder; grip at least shoulder width, stop at shoulder height, and skip the exercise if it causes pain.",
   "Swinging the bar up with the hips: it strains the lower back and takes work off the shoulders; stand still and use a lighter load.",
   "Letting the wrists rise above the elbows: it shifts work to the arms; keep the elbows leading throughout."
  ],
  "primary_muscles": [
   "SIDE_DELTS",
   "TRAPS"
  ],
  "secondary_muscles": [
   "FRONT_DELTS",
   "BICEPS"
  ],
  "equipment": [
   "BARBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=upright+row+form"
   }
  ]
 },
 {
  "slug": "walking-lunge",
  "name": "Walking Lunge",
  "aliases": [
   "Dumbbell Walking Lunge"
  ],
  "description": "A lunge where you step forward continuously, alternating legs as you travel. It builds leg strength, balance and coordination; start with bodyweight and add dumbbells once the pattern is steady.",
  "instructions": [
   "Stand tall holding a dumbbell in each hand at your sides, feet hip-width apart, with a clear path ahead.",
   "Take a long step forward with one foot and lower your body until both knees are bent about 90 degrees and the back knee hovers just above the floor.",
   "Keep your torso upright and the front knee tracking over the toes.",
   "Push through the front foot to rise and bring the back foot forward into the next step.",
   "Continue alternating legs for the set distance or number of steps."
  ],
  "common_mistakes": [
   "Taking steps that are too short: the front knee shoots far past the toes and the heel lifts; lengthen the stride so the front shin stays fairly vertical.",
   "Walking on a narrow line like a tightrope: you lose balance and the knees wobble; keep your feet hip-width apart as if on train tracks.",
   "Slamming the back knee into the floor: it can bruise or injure the knee; lower under control and stop just above the ground."
  ],
  "primary_muscles": [
   "QUADRICEPS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "ADDUCTORS",
   "CALVES"
  ],
  "equipment": [
   "DUMBBELL"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=walking+lunge+form"
   }
  ]
 },
 {
  "slug": "wall-calf-stretch",
  "name": "Wall Calf Stretch",
  "aliases": [
   "Standing Calf Stretch"
  ],
  "description": "A standing stretch against a wall for the calf muscles of the back leg. It helps with tight calves from running or standing, and supports ankle mobility for all levels.",
  "instructions": [
   "Stand facing a wall about an arm's length away and place both hands on it at shoulder height.",
   "Step your right foot back about a stride length, keeping the leg straight, the heel flat and the toes pointing forward.",
   "Bend your front knee and lean your hips toward the wall until you feel a stretch in your right calf.",
   "Hold for 30-60 seconds while breathing slowly.",
   "To target the lower calf, bend your back knee slightly while keeping the heel down, and hold again.",
   "Switch legs."
  ],
  "common_mistakes": [
   "Letting the back heel lift: it removes the stretch; shorten the stance until the heel stays flat.",
   "Turning the back foot outward: it twists the stretch off the calf; point the toes straight at the wall.",
   "Bouncing into the stretch: it can strain the calf or Achilles tendon; ease in and hold still."
  ],
  "primary_muscles": [
   "CALVES"
  ],
  "secondary_muscles": [],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRETCHING",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=wall+calf+stretch+form"
   }
  ]
 },
 {
  "slug": "wall-sit",
  "name": "Wall Sit",
  "aliases": [
   "Wall Squat Hold"
  ],
  "description": "An isometric hold with your back against a wall and knees bent as if seated in an invisible chair. It builds quad endurance with no equipment and suits beginners.",
  "instructions": [
   "Stand with your back flat against a wall and feet about shoulder-width apart, roughly two feet in front of the wall.",
   "Slide your back down the wall until your knees are bent about 90 degrees and your thighs are near parallel to the floor.",
   "Keep your knees over your ankles, not past your toes, and your back and head against the wall.",
   "Hold the position while breathing steadily for the target time.",
   "Slide back up the wall to stand when finished."
  ],
  "common_mistakes": [
   "Feet too close to the wall: the knees move far forward and strain; step feet out until shins are vertical.",
   "Holding your breath: it spikes blood pressure; breathe steadily throughout.",
   "Pushing hands on the thighs: it takes load off the legs; keep arms by your sides or crossed on the chest."
  ],
  "primary_muscles": [
   "QUADRICEPS"
  ],
  "secondary_muscles": [
   "GLUTES",
   "CALVES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=wall+sit+form"
   }
  ]
 },
 {
  "slug": "worlds-greatest-stretch",
  "name": "World's Greatest Stretch",
  "aliases": [
   "Lunge with Rotation",
   "Spiderman Lunge with Rotation"
  ],
  "description": "A flowing warm-up that combines a deep lunge, an elbow drop, an upper-back rotation and a hamstring stretch. It opens the hips, hamstrings and thoracic spine in one sequence and suits people who can comfortably get into a deep lunge.",
  "instructions": [
   "Start in a high plank, then step your right foot forward to the outside of your right hand into a deep lunge.",
   "Keep your back knee off the floor, or lower it for an easier version, and sink your hips forward and down.",
   "Keep your left hand planted and bring your right elbow down toward the inside of your right ankle, only as low as is comfortable.",
   "Rotate your chest to the right and reach your right arm up to the ceiling, following your hand with your eyes.",
   "Place both hands on the floor either side of your front foot, shift your hips back and straighten your front leg to stretch the hamstring.",
   "Step back to plank and repeat on the other side, doing 3-5 slow reps per side."
  ],
  "common_mistakes": [
   "Rushing through the positions: each part needs a short pause to work; spend a breath or two in each position.",
   "Letting the back hip sag and the lower back arch: it shifts strain to the spine; squeeze the back glute and keep the core braced.",
   "Twisting only the arm and lower back: the upper back barely moves; lead the rotation with the chest and keep the hips steady."
  ],
  "primary_muscles": [
   "HIP_FLEXORS",
   "GLUTES"
  ],
  "secondary_muscles": [
   "HAMSTRINGS",
   "ADDUCTORS",
   "UPPER_BACK",
   "OBLIQUES"
  ],
  "equipment": [
   "BODYWEIGHT"
  ],
  "category": "MOBILITY",
  "difficulty": "INTERMEDIATE",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=worlds+greatest+stretch+form"
   }
  ]
 },
 {
  "slug": "wrist-curl",
  "name": "Wrist Curl",
  "aliases": [
   "Seated Wrist Curl",
   "Forearm Curl"
  ],
  "description": "A small movement that curls the wrist upward while the forearm rests on the thighs or a bench. It strengthens the wrist flexors and grip and suits beginners.",
  "instructions": [
   "Sit on a bench holding a light dumbbell in each hand with an underhand grip.",
   "Rest your forearms on your thighs so your wrists hang just past your knees, palms facing up.",
   "Let the dumbbells lower slowly by bending your wrists back toward the floor.",
   "Curl your wrists up as far as you can while keeping your forearms flat on your thighs.",
   "Squeeze briefly at the top, then lower slowly and repeat."
  ],
  "common_mistakes": [
   "Lifting the forearms off the thighs: it turns the move into a partial biceps curl; keep the forearms pressed down.",
   "Going too heavy: large loads can strain the wrists and force jerky reps; use a light weight for 12-20 smooth reps.",
   "Bouncing at the bottom: it loads the wrist joint abruptly; lower slowly into the stretch."
  ],
  "primary_muscles": [
   "FOREARMS"
  ],
  "secondary_muscles": [],
  "equipment": [
   "DUMBBELL",
   "BENCH"
  ],
  "category": "STRENGTH",
  "difficulty": "BEGINNER",
  "media": [
   {
    "type": "VIDEO",
    "url": "https://www.youtube.com/results?search_query=wrist+curl+form"
   }
  ]
 }
]
"""#
}
