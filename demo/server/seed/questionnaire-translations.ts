/**
 * Seed: Spanish and Arabic for every text of the intake and screening questionnaires (title,
 * item and help texts, answer displays), keyed by the English text; questionnaires.ts puts them
 * on the questionnaires in FHIR's translation extension.
 */
import type { Element } from '../../../src/fhir/types';

const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';

/** English text -> [Spanish (usted), Modern Standard Arabic]. */
export const QUESTIONNAIRE_TRANSLATIONS: Readonly<Record<string, readonly [es: string, ar: string]>> = {
  // AHC HRSN screening
  'AHC HRSN Screening': [
    'Evaluación de necesidades sociales relacionadas con la salud (AHC HRSN)',
    'فحص الاحتياجات الاجتماعية المتعلقة بالصحة (AHC HRSN)',
  ],
  'Please answer the questions below about your living situation and daily life. Answers marked with an asterisk (*) may signal an unmet need.':
    [
      'Responda las siguientes preguntas sobre su situación de vivienda y su vida diaria. Las respuestas marcadas con un asterisco (*) pueden indicar una necesidad no cubierta.',
      'يُرجى الإجابة عن الأسئلة التالية حول وضعك السكني وحياتك اليومية. قد تشير الإجابات المميزة بعلامة النجمة (*) إلى احتياج غير ملبّى.',
    ],
  'Living Situation': ['Situación de vivienda', 'الوضع السكني'],
  '1. What is your living situation today?': ['1. ¿Cuál es su situación de vivienda hoy?', '1. ما وضعك السكني اليوم؟'],
  'I have a steady place to live': ['Tengo un lugar estable donde vivir', 'لدي مكان ثابت للسكن'],
  'I have a place to live today, but I am worried about losing it in the future*': [
    'Hoy tengo un lugar donde vivir, pero me preocupa perderlo en el futuro*',
    'لدي مكان للسكن اليوم، لكنني قلق من فقدانه في المستقبل*',
  ],
  'I do not have a steady place to live (I am temporarily staying with others, in a hotel, in a shelter, living outside on the street, on a beach, in a car, abandoned building, bus or train station, or in a park)*':
    [
      'No tengo un lugar estable donde vivir (me estoy quedando temporalmente con otras personas, en un hotel, en un albergue, vivo a la intemperie en la calle, en una playa, en un auto, en un edificio abandonado, en una estación de autobús o de tren, o en un parque)*',
      'ليس لدي مكان ثابت للسكن (أقيم مؤقتًا لدى آخرين، أو في فندق، أو في مأوى، أو أعيش في الشارع، أو على الشاطئ، أو في سيارة، أو في مبنى مهجور، أو في محطة حافلات أو قطار، أو في حديقة عامة)*',
    ],
  '2. Think about the place you live. Do you have problems with any of the following? Choose all that apply.': [
    '2. Piense en el lugar donde vive. ¿Tiene problemas con alguno de los siguientes? Marque todos los que correspondan.',
    '2. فكّر في المكان الذي تسكن فيه. هل تواجه مشكلات في أي مما يلي؟ اختر كل ما ينطبق.',
  ],
  'Pests such as bugs, ants, or mice*': [
    'Plagas como insectos, hormigas o ratones*',
    'آفات مثل الحشرات أو النمل أو الفئران*',
  ],
  'Mold*': ['Moho*', 'العفن*'],
  'Lead paint or pipes*': ['Pintura o tuberías con plomo*', 'طلاء أو أنابيب تحتوي على الرصاص*'],
  'Lack of heat*': ['Falta de calefacción*', 'نقص التدفئة*'],
  'Oven or stove not working*': ['Horno o estufa que no funciona*', 'فرن أو موقد لا يعمل*'],
  'Smoke detectors missing or not working*': [
    'Detectores de humo ausentes o que no funcionan*',
    'أجهزة كشف الدخان مفقودة أو لا تعمل*',
  ],
  'Water leaks*': ['Fugas de agua*', 'تسرّب المياه*'],
  'None of the above': ['Ninguno de los anteriores', 'لا شيء مما سبق'],
  Food: ['Alimentación', 'الغذاء'],
  'Some people have made the following statements about their food situation. Please answer whether the statements were often, sometimes, or never true for you and your household in the last 12 months.':
    [
      'Algunas personas han hecho las siguientes afirmaciones sobre su situación alimentaria. Indique si las afirmaciones fueron ciertas con frecuencia, a veces o nunca para usted y su hogar en los últimos 12 meses.',
      'أدلى بعض الأشخاص بالعبارات التالية حول وضعهم الغذائي. يُرجى الإجابة عمّا إذا كانت هذه العبارات صحيحة غالبًا أو أحيانًا أو لم تكن صحيحة أبدًا بالنسبة لك ولأسرتك خلال الأشهر الاثني عشر الماضية.',
    ],
  '3. Within the past 12 months, you worried that your food would run out before you got money to buy more.': [
    '3. En los últimos 12 meses, le preocupó que los alimentos se acabaran antes de tener dinero para comprar más.',
    '3. خلال الأشهر الاثني عشر الماضية، كنت قلقًا من نفاد طعامك قبل أن يتوفر لديك المال لشراء المزيد.',
  ],
  "4. Within the past 12 months, the food you bought just didn't last and you didn't have money to get more.": [
    '4. En los últimos 12 meses, los alimentos que compró no le alcanzaron y no tenía dinero para comprar más.',
    '4. خلال الأشهر الاثني عشر الماضية، لم يكفِ الطعام الذي اشتريته ولم يكن لديك المال لشراء المزيد.',
  ],
  Transportation: ['Transporte', 'المواصلات'],
  '5. In the past 12 months, has lack of reliable transportation kept you from medical appointments, meetings, work or from getting things needed for daily living?':
    [
      '5. En los últimos 12 meses, ¿la falta de transporte confiable le ha impedido acudir a citas médicas, reuniones o al trabajo, u obtener lo necesario para la vida diaria?',
      '5. خلال الأشهر الاثني عشر الماضية، هل منعك نقص المواصلات الموثوقة من حضور المواعيد الطبية أو الاجتماعات أو العمل أو من الحصول على ما تحتاجه في حياتك اليومية؟',
    ],
  'Yes*': ['Sí*', 'نعم*'],
  No: ['No', 'لا'],
  Utilities: ['Servicios públicos', 'المرافق'],
  '6. In the past 12 months has the electric, gas, oil, or water company threatened to shut off services in your home?':
    [
      '6. En los últimos 12 meses, ¿la compañía de electricidad, gas, combustible o agua ha amenazado con cortar los servicios en su hogar?',
      '6. خلال الأشهر الاثني عشر الماضية، هل هددت شركة الكهرباء أو الغاز أو الوقود أو المياه بقطع الخدمة عن منزلك؟',
    ],
  'Already shut off*': ['Ya me los cortaron*', 'قُطعت الخدمة بالفعل*'],
  Safety: ['Seguridad', 'السلامة'],
  '7. How often does anyone, including family and friends, physically hurt you?': [
    '7. ¿Con qué frecuencia alguien, incluidos familiares y amigos, le lastima físicamente?',
    '7. كم مرة يؤذيك أحد جسديًا، بمن في ذلك أفراد العائلة والأصدقاء؟',
  ],
  '8. How often does anyone, including family and friends, insult or talk down to you?': [
    '8. ¿Con qué frecuencia alguien, incluidos familiares y amigos, le insulta o le habla con desprecio?',
    '8. كم مرة يهينك أحد أو يتحدث إليك باستعلاء، بمن في ذلك أفراد العائلة والأصدقاء؟',
  ],
  '9. How often does anyone, including family and friends, threaten you with harm?': [
    '9. ¿Con qué frecuencia alguien, incluidos familiares y amigos, le amenaza con hacerle daño?',
    '9. كم مرة يهددك أحد بالأذى، بمن في ذلك أفراد العائلة والأصدقاء؟',
  ],
  '10. How often does anyone, including family and friends, scream or curse at you?': [
    '10. ¿Con qué frecuencia alguien, incluidos familiares y amigos, le grita o le insulta con groserías?',
    '10. كم مرة يصرخ عليك أحد أو يشتمك، بمن في ذلك أفراد العائلة والأصدقاء؟',
  ],
  'Safety score: add the answers to questions 7 to 10 (Never = 1, Rarely = 2, Sometimes = 3, Fairly often = 4, Frequently = 5). A score of 11 or more means the person might not be safe.':
    [
      'Puntuación de seguridad: sume las respuestas de las preguntas 7 a 10 (Nunca = 1, Rara vez = 2, A veces = 3, Bastante a menudo = 4, Con frecuencia = 5). Una puntuación de 11 o más significa que la persona podría no estar segura.',
      'درجة السلامة: اجمع إجابات الأسئلة من 7 إلى 10 (أبدًا = 1، نادرًا = 2، أحيانًا = 3، كثيرًا إلى حد ما = 4، بشكل متكرر = 5). تعني الدرجة 11 أو أكثر أن الشخص قد لا يكون في أمان.',
    ],
  'Financial Strain': ['Dificultades económicas', 'الضائقة المالية'],
  '11. How hard is it for you to pay for the very basics like food, housing, medical care, and heating? Would you say it is:':
    [
      '11. ¿Qué tan difícil le resulta pagar lo más básico, como alimentos, vivienda, atención médica y calefacción? Diría usted que es:',
      '11. ما مدى صعوبة دفع تكاليف الأساسيات مثل الطعام والسكن والرعاية الطبية والتدفئة؟ هل تقول إنه:',
    ],
  'Very hard*': ['Muy difícil*', 'صعب جدًا*'],
  'Somewhat hard*': ['Algo difícil*', 'صعب إلى حد ما*'],
  'Not hard at all': ['Nada difícil', 'ليس صعبًا على الإطلاق'],
  Employment: ['Empleo', 'العمل'],
  '12. Do you want help finding or keeping work or a job?': [
    '12. ¿Desea ayuda para encontrar o conservar un trabajo o empleo?',
    '12. هل تريد مساعدة في إيجاد عمل أو وظيفة أو الحفاظ عليهما؟',
  ],
  'Yes, help finding work*': ['Sí, ayuda para encontrar trabajo*', 'نعم، مساعدة في إيجاد عمل*'],
  'Yes, help keeping work*': ['Sí, ayuda para conservar el trabajo*', 'نعم، مساعدة في الحفاظ على العمل*'],
  'I do not need or want help': ['No necesito ni deseo ayuda', 'لا أحتاج إلى مساعدة ولا أريدها'],
  'Family and Community Support': ['Apoyo familiar y comunitario', 'دعم الأسرة والمجتمع'],
  '13. If for any reason you need help with day-to-day activities such as bathing, preparing meals, shopping, managing finances, etc., do you get the help you need?':
    [
      '13. Si por algún motivo necesita ayuda con las actividades diarias, como bañarse, preparar comidas, hacer compras o administrar sus finanzas, ¿recibe la ayuda que necesita?',
      '13. إذا احتجت لأي سبب إلى مساعدة في الأنشطة اليومية مثل الاستحمام وإعداد الوجبات والتسوق وإدارة الشؤون المالية وغيرها، فهل تحصل على المساعدة التي تحتاجها؟',
    ],
  "I don't need any help": ['No necesito ayuda', 'لا أحتاج إلى أي مساعدة'],
  'I get all the help I need': ['Recibo toda la ayuda que necesito', 'أحصل على كل المساعدة التي أحتاجها'],
  'I could use a little more help*': ['Me vendría bien un poco más de ayuda*', 'قد أحتاج إلى مساعدة أكثر قليلًا*'],
  'I need a lot more help*': ['Necesito mucha más ayuda*', 'أحتاج إلى مساعدة أكثر بكثير*'],
  '14. How often do you feel lonely or isolated from those around you?': [
    '14. ¿Con qué frecuencia se siente solo o aislado de quienes le rodean?',
    '14. كم مرة تشعر بالوحدة أو العزلة عمّن حولك؟',
  ],
  Never: ['Nunca', 'أبدًا'],
  Rarely: ['Rara vez', 'نادرًا'],
  'Sometimes*': ['A veces*', 'أحيانًا*'],
  'Often*': ['A menudo*', 'غالبًا*'],
  'Always*': ['Siempre*', 'دائمًا*'],
  Education: ['Educación', 'التعليم'],
  '15. Do you speak a language other than English at home?': [
    '15. ¿Habla en casa un idioma distinto del inglés?',
    '15. هل تتحدث في المنزل لغة غير الإنجليزية؟',
  ],
  '16. Do you want help with school or training? For example, starting or completing job training or getting a high school diploma, GED or equivalent.':
    [
      '16. ¿Desea ayuda con estudios o capacitación? Por ejemplo, comenzar o terminar una capacitación laboral u obtener un diploma de escuela secundaria, GED o equivalente.',
      '16. هل تريد مساعدة في الدراسة أو التدريب؟ مثل بدء تدريب مهني أو إكماله، أو الحصول على شهادة الثانوية العامة أو شهادة GED أو ما يعادلها.',
    ],
  'Physical Activity': ['Actividad física', 'النشاط البدني'],
  '17. In the last 30 days, other than the activities you did for work, on average, how many days per week did you engage in moderate exercise (like walking fast, running, jogging, dancing, swimming, biking, or other similar activities)?':
    [
      '17. En los últimos 30 días, sin contar las actividades de su trabajo, ¿cuántos días por semana, en promedio, hizo ejercicio moderado (como caminar rápido, correr, trotar, bailar, nadar, andar en bicicleta u otras actividades similares)?',
      '17. خلال الأيام الثلاثين الماضية، وباستثناء الأنشطة التي قمت بها في عملك، كم يومًا في الأسبوع في المتوسط مارست فيه تمارين معتدلة (مثل المشي السريع أو الجري أو الهرولة أو الرقص أو السباحة أو ركوب الدراجة أو أنشطة مشابهة)؟',
    ],
  '18. On average, how many minutes did you usually spend exercising at this level on one of those days?': [
    '18. En promedio, ¿cuántos minutos solía dedicar a hacer ejercicio a este nivel en uno de esos días?',
    '18. في المتوسط، كم دقيقة كنت تقضيها عادةً في ممارسة التمارين بهذا المستوى في يوم من تلك الأيام؟',
  ],
  'Multiply the answers to questions 17 and 18: fewer than 150 minutes of moderate exercise a week may signal a need.':
    [
      'Multiplique las respuestas de las preguntas 17 y 18: menos de 150 minutos de ejercicio moderado a la semana pueden indicar una necesidad.',
      'اضرب إجابتَي السؤالين 17 و18: قد يشير أقل من 150 دقيقة من التمارين المعتدلة في الأسبوع إلى وجود احتياج.',
    ],
  'Substance Use': ['Consumo de sustancias', 'تعاطي المواد'],
  'The next questions relate to your experience with alcohol, cigarettes, and other drugs. Some of the substances are prescribed by a doctor (like pain medications), but only count those if you have taken them for reasons or in doses other than prescribed. One question is about illicit or illegal drug use, but we only ask in order to identify community services that may be available to help you.':
    [
      'Las siguientes preguntas se refieren a su experiencia con el alcohol, los cigarrillos y otras drogas. Algunas de estas sustancias las receta un médico (como los analgésicos); cuéntelas solo si las ha tomado por motivos o en dosis distintos de los recetados. Una pregunta trata sobre el consumo de drogas ilícitas o ilegales; la hacemos únicamente para identificar servicios comunitarios que puedan ayudarle.',
      'تتعلق الأسئلة التالية بتجربتك مع الكحول والسجائر والمخدرات الأخرى. يصف الطبيب بعض هذه المواد (مثل مسكنات الألم)، فلا تحتسبها إلا إذا تناولتها لأسباب أو بجرعات غير تلك الموصوفة. يتناول أحد الأسئلة تعاطي المخدرات غير المشروعة أو غير القانونية، ونطرحه فقط لتحديد الخدمات المجتمعية التي قد تتوفر لمساعدتك.',
    ],
  '19. How many times in the past 12 months have you had 5 or more drinks (men) or 4 or more drinks (women) in one day. One drink is 12 ounces of beer, 5 ounces of wine, or 1.5 ounces of 80-proof spirits?':
    [
      '19. En los últimos 12 meses, ¿cuántas veces ha tomado 5 o más bebidas alcohólicas (hombres) o 4 o más (mujeres) en un solo día? Una bebida equivale a 12 onzas de cerveza, 5 onzas de vino o 1.5 onzas de licor de 40 % de alcohol.',
      '19. كم مرة خلال الأشهر الاثني عشر الماضية تناولت 5 مشروبات كحولية أو أكثر (للرجال) أو 4 مشروبات أو أكثر (للنساء) في يوم واحد؟ المشروب الواحد يعادل 12 أونصة من الجعة أو 5 أونصات من النبيذ أو 1.5 أونصة من المشروبات الروحية بتركيز 40%.',
    ],
  '20. How many times in the past 12 months have you used tobacco products (like cigarettes, cigars, snuff, chew, electronic cigarettes)?':
    [
      '20. En los últimos 12 meses, ¿cuántas veces ha consumido productos de tabaco (como cigarrillos, puros, rapé, tabaco de mascar o cigarrillos electrónicos)?',
      '20. كم مرة خلال الأشهر الاثني عشر الماضية استخدمت منتجات التبغ (مثل السجائر أو السيجار أو السعوط أو التبغ الممضوغ أو السجائر الإلكترونية)؟',
    ],
  '21. How many times in the past 12 months have you used prescription drugs for non-medical reasons?': [
    '21. En los últimos 12 meses, ¿cuántas veces ha consumido medicamentos recetados por motivos no médicos?',
    '21. كم مرة خلال الأشهر الاثني عشر الماضية استخدمت أدوية موصوفة لأسباب غير طبية؟',
  ],
  '22. How many times in the past 12 months have you used illegal drugs?': [
    '22. En los últimos 12 meses, ¿cuántas veces ha consumido drogas ilegales?',
    '22. كم مرة خلال الأشهر الاثني عشر الماضية تعاطيت مخدرات غير قانونية؟',
  ],
  'Mental Health': ['Salud mental', 'الصحة النفسية'],
  '23. Over the past 2 weeks, how often have you been bothered by little interest or pleasure in doing things?': [
    '23. Durante las últimas 2 semanas, ¿con qué frecuencia le ha molestado tener poco interés o placer en hacer las cosas?',
    '23. خلال الأسبوعين الماضيين، كم مرة انزعجت من قلة الاهتمام أو المتعة في القيام بالأشياء؟',
  ],
  '24. Over the past 2 weeks, how often have you been bothered by feeling down, depressed, or hopeless?': [
    '24. Durante las últimas 2 semanas, ¿con qué frecuencia le ha molestado sentirse decaído, deprimido o sin esperanza?',
    '24. خلال الأسبوعين الماضيين، كم مرة انزعجت من الشعور بالإحباط أو الاكتئاب أو اليأس؟',
  ],
  'Mental health score: add the answers to questions 23 and 24 (Not at all = 0, Several days = 1, More than half the days = 2, Nearly every day = 3). A score of 3 or more means a possible need.':
    [
      'Puntuación de salud mental: sume las respuestas de las preguntas 23 y 24 (Nunca = 0, Varios días = 1, Más de la mitad de los días = 2, Casi todos los días = 3). Una puntuación de 3 o más indica una posible necesidad.',
      'درجة الصحة النفسية: اجمع إجابتَي السؤالين 23 و24 (إطلاقًا = 0، عدة أيام = 1، أكثر من نصف الأيام = 2، كل يوم تقريبًا = 3). تعني الدرجة 3 أو أكثر وجود احتياج محتمل.',
    ],
  '25. Stress means a situation in which a person feels tense, restless, nervous, or anxious, or is unable to sleep at night because his or her mind is troubled all the time. Do you feel this kind of stress these days?':
    [
      '25. El estrés es una situación en la que una persona se siente tensa, inquieta, nerviosa o ansiosa, o no puede dormir por la noche porque su mente está preocupada todo el tiempo. ¿Siente este tipo de estrés en estos días?',
      '25. التوتر حالة يشعر فيها الشخص بالتوتر أو القلق أو العصبية أو الاضطراب، أو لا يستطيع النوم ليلًا لأن ذهنه مشغول طوال الوقت. هل تشعر بهذا النوع من التوتر هذه الأيام؟',
    ],
  Disabilities: ['Discapacidades', 'الإعاقات'],
  '26. Because of a physical, mental, or emotional condition, do you have serious difficulty concentrating, remembering, or making decisions? (5 years old or older)':
    [
      '26. Debido a una afección física, mental o emocional, ¿tiene dificultad grave para concentrarse, recordar o tomar decisiones? (5 años o más)',
      '26. بسبب حالة جسدية أو نفسية أو عاطفية، هل تجد صعوبة كبيرة في التركيز أو التذكر أو اتخاذ القرارات؟ (من عمر 5 سنوات فأكثر)',
    ],
  "27. Because of a physical, mental, or emotional condition, do you have difficulty doing errands alone such as visiting a doctor's office or shopping? (15 years old or older)":
    [
      '27. Debido a una afección física, mental o emocional, ¿tiene dificultad para hacer diligencias solo, como ir al consultorio médico o de compras? (15 años o más)',
      '27. بسبب حالة جسدية أو نفسية أو عاطفية، هل تجد صعوبة في قضاء المشاوير بمفردك مثل زيارة عيادة الطبيب أو التسوق؟ (من عمر 15 سنة فأكثر)',
    ],
  // Patient intake
  'Patient Intake Questionnaire': ['Cuestionario de admisión del paciente', 'استبيان تسجيل المريض'],
  Demographics: ['Datos demográficos', 'البيانات الشخصية'],
  'First Name': ['Nombre', 'الاسم الأول'],
  'Middle Name': ['Segundo nombre', 'الاسم الأوسط'],
  'Last Name': ['Apellido', 'اسم العائلة'],
  'Date of Birth': ['Fecha de nacimiento', 'تاريخ الميلاد'],
  Gender: ['Género', 'الجنس'],
  Female: ['Femenino', 'أنثى'],
  Male: ['Masculino', 'ذكر'],
  Other: ['Otro', 'آخر'],
  Unknown: ['Desconocido', 'غير معروف'],
  Street: ['Calle', 'الشارع'],
  City: ['Ciudad', 'المدينة'],
  State: ['Estado', 'الولاية'],
  Zip: ['Código postal', 'الرمز البريدي'],
  Phone: ['Teléfono', 'الهاتف'],
  'Social Security Number': ['Número de Seguro Social', 'رقم الضمان الاجتماعي'],
  Race: ['Raza', 'العرق'],
  Ethnicity: ['Origen étnico', 'الأصل الإثني'],
  'Emergency Contact': ['Contacto de emergencia', 'جهة الاتصال في حالات الطوارئ'],
  Allergies: ['Alergias', 'الحساسية'],
  Substance: ['Sustancia', 'المادة'],
  Reaction: ['Reacción', 'التفاعل'],
  Onset: ['Inicio', 'تاريخ البدء'],
  'Current medications': ['Medicamentos actuales', 'الأدوية الحالية'],
  'Medication Name': ['Nombre del medicamento', 'اسم الدواء'],
  Note: ['Nota', 'ملاحظة'],
  'Medical History': ['Antecedentes médicos', 'التاريخ المرضي'],
  Problem: ['Problema', 'المشكلة الصحية'],
  Status: ['Estado', 'الحالة'],
  'Family Member History': ['Antecedentes familiares', 'التاريخ المرضي العائلي'],
  Relationship: ['Parentesco', 'صلة القرابة'],
  Deceased: ['Fallecido', 'متوفى'],
  'Vaccination History': ['Historial de vacunación', 'سجل التطعيمات'],
  Vaccine: ['Vacuna', 'اللقاح'],
  'Administration Date': ['Fecha de administración', 'تاريخ الإعطاء'],
  'Preferred Pharmacy': ['Farmacia preferida', 'الصيدلية المفضلة'],
  Pharmacy: ['Farmacia', 'الصيدلية'],
  'Coverage Information': ['Información de cobertura', 'معلومات التغطية التأمينية'],
  'Insurance Provider': ['Compañía de seguros', 'شركة التأمين'],
  'Subscriber ID': ['ID del suscriptor', 'رقم المشترك'],
  'Relationship to Subscriber': ['Relación con el suscriptor', 'صلتك بالمشترك'],
  'Subscriber Information': ['Información del suscriptor', 'معلومات المشترك'],
  'Social Determinants of Health': ['Determinantes sociales de la salud', 'المحددات الاجتماعية للصحة'],
  'Housing Status': ['Situación de vivienda', 'الوضع السكني'],
  'Education Level': ['Nivel educativo', 'المستوى التعليمي'],
  'Smoking Status': ['Consumo de tabaco', 'حالة التدخين'],
  'Veteran Status': ['Condición de veterano', 'صفة المحارب القديم'],
  'Pregnancy Status': ['Estado de embarazo', 'حالة الحمل'],
  'Estimated Delivery Date': ['Fecha probable de parto', 'الموعد المتوقع للولادة'],
  'Languages Spoken': ['Idiomas que habla', 'اللغات التي تتحدثها'],
  'Preferred Language': ['Idioma preferido', 'اللغة المفضلة'],
  'Consent for Treatment': ['Consentimiento para el tratamiento', 'الموافقة على العلاج'],
  'I, the undersigned patient (or authorized representative), consent to examination and treatment.': [
    'Yo, el paciente abajo firmante (o su representante autorizado), doy mi consentimiento para el examen y el tratamiento.',
    'أنا، المريض الموقّع أدناه (أو الممثل المفوَّض)، أوافق على الفحص والعلاج.',
  ],
  Date: ['Fecha', 'التاريخ'],
  'Notice of Privacy Practices': ['Aviso de prácticas de privacidad', 'إشعار ممارسات الخصوصية'],
  'The Notice of Privacy Practices describes how your medical information may be used and disclosed and how you can get access to it.':
    [
      'El Aviso de prácticas de privacidad describe cómo se puede usar y divulgar su información médica y cómo puede usted acceder a ella.',
      'يوضّح إشعار ممارسات الخصوصية كيف يمكن استخدام معلوماتك الطبية والإفصاح عنها وكيف يمكنك الاطلاع عليها.',
    ],
  'I acknowledge that I have received a copy of the Notice of Privacy Practices.': [
    'Confirmo que he recibido una copia del Aviso de prácticas de privacidad.',
    'أُقرّ بأنني تسلّمت نسخة من إشعار ممارسات الخصوصية.',
  ],
};

/** The `_text` / `_title` / `_display` element with the Spanish and Arabic of `text`, or undefined when it has none. */
export function translationsOf(text: string | undefined): Element | undefined {
  const pair = text === undefined ? undefined : QUESTIONNAIRE_TRANSLATIONS[text];
  if (!pair) return undefined;
  return {
    extension: (['es', 'ar'] as const).map((lang, index) => ({
      url: TRANSLATION,
      extension: [
        { url: 'lang', valueCode: lang },
        { url: 'content', valueString: pair[index] },
      ],
    })),
  };
}
