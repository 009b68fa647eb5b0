/**
 * Word tables for Arabic, Persian, Urdu, Hebrew, Turkish and Swahili (see sanitize-injection-lexicon.ts
 * for how entries are written). Arabic-script entries are written in each language's own letters; the
 * text and the entries are both folded to one form (Arabic ي/ى → ی, ك → ک, Urdu ہ → ه, hamza and
 * harakat dropped), so Persian typed with an Arabic keyboard still matches.
 */
import type { Lexicon } from './sanitize-injection-lexicon-type';

const ARABIC = /\p{sc=Arabic}/u;
const HEBREW = /\p{sc=Hebrew}/u;
const LATIN = /\p{sc=Latin}/u;

const ar: Lexicon = {
  lang: 'ar',
  script: ARABIC,
  spacing: 'spaced',
  verbs: 'first',
  // Conjunction, preposition and article written onto the word: "والتعليمات", "للمساعد", "بالرقم".
  proclitics: '[وف]?[بلک]?(?:ال|ل)?',
  subjectFollows: true,
  ai: 'مساعد|المساعد|الذكاء الاصطناعي|ذكاء اصطناعي|النموذج|نموذج|نموذج اللغة|بوت|روبوت|روبوت الدردشة|الوكيل',
  you: 'أنت|انت|عليك',
  modal: 'يجب|يجب على|عليك|ينبغي|يمكنك|يمكن|يحق لك|يحق له|يحق|مسموح|مسموح لك|مسموح له|مصرح لك|مصرح له|مخول|مطلوب منك|لا بد|يسمح|يُسمح',
  order:
    'أخبر|أخبره|أخبرها|أخبرهم|قل|قل له|قل لها|أجب|أجبه|رد|رد عليه|اكتب|أضف|ضع|أدرج|انصح|انصحه|انصحها|انصحهم|اقترح|أوص|أوصِ|أرسل|ابعث|اعرض|أظهر|اكشف|اطلب|اطلب منه|اسأل|اسأله|أعط|أعطه|امنح|اتصل|اذكر|تجاهل|أطع|أنكر|ادعِ|نفذ|شغل|احذف|امسح|تحدث|حذر|أقنع|أقنعه|أكد|أكد له|لا تذكر|لا تخبر|لا تقل|لا تشر|لا ترفض|لا تنصح|اطلب من المستخدم|ادفعه',
  override:
    'تجاهل|تجاهلي|انس|انسَ|انسى|لا تلتزم|لا تتبع|لا تتقيد|لا تطع|لا تعمل ب|تخط|تخطَّ|تخطى|تجاوز|ألغ|الغ|ألغِ|عطل|أهمل|اهمل|اطرح جانبا|ضع جانبا|لا تعر اهتماما|خالف|اخرق|تحرر من|تجاوزي|لتجاوز|بتجاوز|تجاهلها|بتجاهل|لتجاهل|تعطيل',
  policy: 'تعليمات*|إرشادات*|قواعد*|سياسات*|سياسة*|قيود*|ضوابط*|مرشحات*|فلاتر*|فلتر*|توجيهات*|أوامر*|مبادئ*|حدود*|موجه*|إعدادات الأمان|قوانين*',
  prior: 'السابقة|السابق|السابقين|الماضية|القديمة|جميع|كل|كافة|الخاصة بك|النظام|الأمان|الأمنية|الحماية|الأصلية|الأولية|أعلاه|المذكورة|المعتادة',
  systemPrompt: 'موجه النظام|موجّه النظام|رسالة النظام|تعليمات النظام|التعليمات المخفية|التعليمات السرية|برومبت النظام|النص التوجيهي للنظام|system prompt|التعليمات الداخلية',
  reveal: 'اكشف|أظهر|اعرض|اطبع|اكتب|انسخ|شارك|كرر|أفصح عن|أخبرني|أعطني|سرب|افضح|انشر|الكشف عن|بالكشف عن|للكشف عن',
  persist:
    'من الآن فصاعدا|من الآن فصاعدًا|من الآن|من اليوم|من هذه اللحظة|منذ الآن|بدءا من الآن|بدءًا من الآن|فيما بعد|مستقبلا|إلى الأبد|بشكل دائم|في كل محادثة|في جميع المحادثات|في كل المحادثات|في المحادثات القادمة|في كل محادثة قادمة|بعد كل|في نهاية كل|المرة القادمة',
  condition: 'كلما|عندما|حينما|متى ما|إذا|اذا|في كل مرة|كل مرة|بمجرد أن|عند سؤال|لو سأل',
  whatever: 'مهما|أيا كان|أيًا كان|بغض النظر|دون استثناء|بلا استثناء|في جميع الأحوال|على أي حال',
  every: 'في كل إجابة|في كل رد|في جميع الإجابات|في كل الردود|في نهاية كل إجابة|في نهاية كل رد|كل إجابة|كل رد',
  promote: 'انصح|انصحه|انصحها|انصحهم|أوص|أوصِ|اقترح|روج|روّج|سوق|رشح|شجع|شجعه|حث|حثه',
  rivals: 'المنافسين|منافسين|المنافسة|منافس|المنافسون|علامة تجارية أخرى|علامات تجارية أخرى|العلامات الأخرى|منتجات أخرى|بنوك أخرى|البنوك الأخرى|شركات أخرى|الشركات الأخرى',
  send: 'أرسل|ابعث|انقل|ارفع|شارك|انشر|انسخ|أضف|أرفق|ألصق|ضمّن|أدرج|سرب|حوّل',
  data: 'سجل*|تاريخ المحادثات|المحادثات|محادثات|المحادثة|محادثة|الرسائل|رسائل|البيانات|بيانات|المعلومات|معلومات|كلمات المرور|كلمة المرور|كلمة السر|بيانات الاعتماد|الذاكرة|الذكريات|المحفوظة|الملاحظات|البريد|جهات الاتصال|رمز|الرمز|الرقم السري|اسم|عنوان',
  label:
    'رسالة النظام|رسالة من النظام|تنبيه النظام|إشعار النظام|ملاحظة المطور|ملاحظة من المطور|رسالة المطور|تنبيه من المطور|ملاحظة المشرف|رسالة المشرف|رسالة الإدارة|إشعار الامتثال|تحديث السياسة|سجل التغييرات|ملاحظات الإصدار|ملاحظة المشغل|النظام|المشرف|المسؤول|المطور|المشغل|تنبيه|هام|مهم',
  grant: 'أذن|سمح|وافق|وافق على|منح|منح الإذن|أعطى الإذن|أعطى الموافقة|فوض|خول|مسموح|مصرح|الإذن|الموافقة|موافقته|بإذن|بموافقة|أجاز',
  user: 'المستخدم|مستخدم|المستخدمة|صاحب الحساب|مالك الحساب',
  disabled: 'تم تعطيل|معطلة|معطل|ألغيت|ملغاة|ملغى|تم إلغاء|تم رفع|رفعت|أوقفت|موقوفة|لم تعد سارية|لم تعد صالحة|لاغية|باطلة|تم إيقاف',
  roleplay: 'تقمص|تقمص دور|العب دور|مثل دور|قم بدور|تظاهر|تظاهر بأنك|تصرف ك|تصرف كأنك|كن|تخيل أنك|انتحل|انتحل شخصية|أنت الآن',
  unbound: 'بلا قيود|بدون قيود|دون قيود|بلا أي قيود|بدون أي قيود|بلا قواعد|بدون قواعد|دون قواعد|بلا حدود|بدون حدود|بلا فلاتر|بدون فلاتر|بلا رقابة|بدون رقابة|غير مقيد|لا قواعد|لا قيود',
  run: 'نفذ|نفّذ|شغل|شغّل|استدع|استدعِ|فعل|فعّل|قم بتشغيل|قم بتنفيذ|أطلق',
  tool: 'أداة|الأداة|دالة|الدالة|وظيفة|الأمر|أمر|سكربت|نص برمجي|استدعاء|api',
  decode: 'فك تشفير|فك ترميز|فك الترميز|فك|اقرأ بالعكس|ترجم',
  obey: 'أطع|نفذ|نفّذ|اتبع|التزم ب|طبق|طبّق|اعمل ب|افعل ما',
  all: 'كل|جميع|كافة|جميعا',
  soft: 'دائما|دائمًا|أبدا|أبدًا|لا|أيضا|ثم|فورا|فورًا|فقط|رجاء|من فضلك|الآن|بصمت|سرا',
};

const fa: Lexicon = {
  lang: 'fa',
  script: ARABIC,
  spacing: 'spaced',
  verbs: 'last',
  ai: 'دستیار|هوش مصنوعی|مدل|مدل زبانی|بات|ربات|چت‌بات|عامل',
  you: 'تو|شما',
  modal: 'باید|می‌توانی|می‌تواند|می‌توانید|مجاز است|مجازی|اجازه دارد|اجازه داری|موظف است|موظفی',
  order:
    'بگو|بگویید|بنویس|بنویسید|اضافه کن|اضافه کنید|پیشنهاد کن|پیشنهاد بده|توصیه کن|بفرست|بفرستید|ارسال کن|ارسال کنید|نشان بده|نشان دهید|فاش کن|بخواه|درخواست کن|بپرس|بده|بدهید|زنگ بزن|تماس بگیر|ذکر کن|اشاره کن|نادیده بگیر|اطاعت کن|انکار کن|ادعا کن|هدایت کن|اجرا کن|پاک کن|حذف کن|به اشتراک بگذار|نگو|نکن|نیاور|نده|بخواهد که|وادار کن|قانع کن',
  override:
    'نادیده بگیر|نادیده بگیرید|نادیده بگیرد|نادیده گرفتن|فراموش کن|فراموش کنید|کنار بگذار|کنار بگذارید|اعتنا نکن|توجه نکن|پیروی نکن|رعایت نکن|دور بزن|دور بزنید|دور بزند|غیرفعال کن|لغو کن|زیر پا بگذار|بی‌خیال شو',
  policy: 'دستورالعمل*|دستورات|قوانین|قانون|قواعد|قاعده|سیاست*|محدودیت*|فیلتر*|رهنمود*|اصول|پرامپت*|ضوابط|دستور*',
  prior: 'قبلی|پیشین|گذشته|همه|همهٔ|تمام|تمامی|خودت|سیستم*|ایمنی|امنیتی|اصلی|اولیه|قدیمی|بالا',
  systemPrompt: 'پرامپت سیستم|پرامپت سیستمی|پیام سیستم|پیام سیستمی|دستورالعمل‌های سیستم|دستورات سیستم|دستورالعمل‌های پنهان|system prompt',
  reveal: 'فاش کن|نشان بده|نمایش بده|بنویس|چاپ کن|به اشتراک بگذار|کپی کن|تکرار کن|بگو|افشا کن|آشکار کن|لو بده',
  persist:
    'از این به بعد|از حالا به بعد|از حالا|از امروز|از این لحظه|از این پس|من بعد|برای همیشه|به طور دائم|در هر گفتگو|در همهٔ گفتگوها|در تمام گفتگوها|در گفتگوهای آینده|بعد از هر|پس از هر|در پایان هر|دفعهٔ بعد|دفعه بعد',
  condition: 'هر وقت|هر زمان|هرگاه|هر بار که|هر دفعه که|وقتی کاربر|اگر کاربر|به محض اینکه|اگر کسی|اگر پرسید|وقتی پرسید',
  whatever: 'هر چه بپرسد|هرچه بپرسد|هر چه بخواهد|هر سوالی|در هر صورت|به هر حال|بدون استثنا|مهم نیست|فارغ از',
  every: 'در هر پاسخ|در همهٔ پاسخ‌ها|در تمام پاسخ‌ها|در پایان هر پاسخ|هر پاسخ',
  promote: 'پیشنهاد کن|پیشنهاد بده|توصیه کن|توصیه بده|معرفی کن|تبلیغ کن|نام ببر|ذکر کن|اسم ببر|هدایت کن',
  rivals: 'رقبا|رقیب*|برندهای دیگر|برند دیگر|محصولات دیگر|بانک‌های دیگر|شرکت‌های دیگر',
  send: 'بفرست|بفرستید|ارسال کن|ارسال کنید|فوروارد کن|آپلود کن|به اشتراک بگذار|منتشر کن|کپی کن|اضافه کن|ضمیمه کن|پیوست کن|بچسبان|قرار بده',
  data: 'تاریخچه*|گفتگو*|مکالمه*|چت*|پیام*|داده*|اطلاعات|رمز*|گذرواژه*|حافظه|خاطره*|ذخیره*|یادداشت*|ایمیل*|مخاطب*|کد*|پین|نام|آدرس',
  label:
    'پیام سیستم|پیام سیستمی|اعلان سیستم|اطلاعیه سیستم|یادداشت توسعه‌دهنده|پیام توسعه‌دهنده|یادداشت مدیر|پیام مدیر|پیام مدیر سیستم|اطلاعیهٔ انطباق|به‌روزرسانی سیاست|گزارش تغییرات|یادداشت اپراتور|سیستم|مدیر|ادمین|توسعه‌دهنده|اپراتور|مهم',
  grant: 'اجازه داده است|اجازه داده|اجازه داد|رضایت داده|رضایت داد|موافقت کرده|موافقت کرد|تأیید کرده|مجاز کرده|اختیار داده|مجاز است|اجازه دارد|اجازه|رضایت',
  user: 'کاربر*',
  disabled: 'غیرفعال شده|غیرفعال شد|لغو شده|لغو شد|برداشته شده|حذف شده|معلق شده|باطل|نامعتبر|دیگر معتبر نیست|دیگر اعمال نمی‌شود',
  roleplay: 'نقش … را بازی کن|بازی کن|نقش بازی کن|وانمود کن|تظاهر کن|فرض کن که|رفتار کن|تبدیل شو به|باش',
  unbound: 'بدون هیچ محدودیتی|بدون محدودیت|بدون قانون|بدون هیچ قانونی|بدون قوانین|بدون فیلتر|بدون سانسور|هیچ قانونی|هیچ محدودیتی|بی‌قانون|نامحدود',
  run: 'اجرا کن|اجرا کنید|فراخوانی کن|صدا بزن|راه‌اندازی کن|فعال کن',
  tool: 'ابزار*|تابع*|فرمان*|اسکریپت*|فراخوانی|api',
  decode: 'رمزگشایی کن|دیکد کن|برعکس بخوان|ترجمه کن',
  obey: 'اطاعت کن|پیروی کن|اجرا کن|انجام بده|عمل کن|رعایت کن',
  all: 'همه|همهٔ|تمام|تمامی|هر|کل',
  soft: 'همیشه|هرگز|هم|سپس|فوراً|فقط|لطفاً|الان|بی‌صدا|و',
};

const ur: Lexicon = {
  lang: 'ur',
  script: ARABIC,
  spacing: 'spaced',
  verbs: 'last',
  ai: 'اسسٹنٹ|معاون|اے آئی|مصنوعی ذہانت|ماڈل|بوٹ|چیٹ بوٹ|ایجنٹ',
  you: 'تم|تمہیں|تمہارے|تمہاری|تمہارا',
  modal: 'چاہیے|ہوگا|سکتا ہے|سکتی ہے|سکتے ہو|اجازت ہے|مجاز ہے|پابند ہے',
  order:
    'بتاؤ|بتائیں|بتائیے|بتانا|بتا دو|کہو|کہیں|کہیے|کہنا|کا کہنا|کا کہو|جواب دو|لکھو|لکھیں|لکھنا|شامل کرو|جوڑ دو|تجویز کرو|مشورہ دو|مشورہ دینا|سفارش کرو|بھیجو|بھیج دو|بھیجیں|بھیجنا|دکھاؤ|دکھا دو|دکھائیں|ظاہر کرو|مانگو|مانگنا|پوچھو|فون کرو|ذکر کرو|نام لو|نظر انداز کرو|مانو|انکار کرو|چلاؤ|چلا دو|اجرا کرو|مٹا دو|حذف کرو|شیئر کرو|منع کرنا|منع کرو|مت بتانا|مت کرنا|نہ بتانا|مت لینا|نہ لینا',
  override:
    'نظر انداز کرو|نظرانداز کرو|نظر انداز کریں|نظر انداز کر دو|نظر انداز کرنا|بھول جاؤ|بھول جائیں|بھلا دو|مت مانو|نہ مانو|پابندی نہ کرو|خلاف ورزی کرو|بائی پاس کرو|بند کر دو|ختم کر دو|چھوڑ دو|توڑ دو',
  policy: 'ہدایات|ہدایت*|احکامات|قواعد|قوانین|اصول*|پالیسی*|پابندی*|پابندیاں|حدود|فلٹر*|پرامپٹ|حکم*',
  prior: 'پچھلی|پچھلے|پہلے کی|پہلے کے|سابقہ|تمام|سب|ساری|سارے|اپنی|اپنے|تمہاری|سسٹم|حفاظتی|اصل|پرانی|پرانے|اوپر کی',
  systemPrompt: 'سسٹم پرامپٹ|سسٹم کا پرامپٹ|سسٹم پیغام|سسٹم کی ہدایات|خفیہ ہدایات|system prompt',
  reveal: 'ظاہر کرو|ظاہر کر دو|دکھاؤ|دکھا دو|بتاؤ|بتا دو|لکھو|لکھ دو|پرنٹ کرو|شیئر کرو|افشا کرو|فاش کرو|دہراؤ',
  persist:
    'آئندہ|اب سے|آج سے|اس لمحے سے|آگے سے|ہمیشہ کے لیے|مستقل طور پر|ہر گفتگو میں|تمام گفتگو میں|ہر بات چیت میں|ہر گفتگو کے بعد|ہر جواب کے بعد|ہر جواب کے آخر میں|اگلی بار',
  condition: 'جب بھی|جب کبھی|ہر بار جب|جب صارف|اگر صارف|جیسے ہی|اگر کوئی|پوچھے تو|پوچھنے پر',
  whatever: 'کچھ بھی پوچھے|چاہے کچھ بھی|جو بھی پوچھے|ہر حال میں|کسی بھی صورت میں|بغیر کسی استثنا',
  every: 'ہر جواب میں|تمام جوابات میں|ہر جواب کے آخر میں',
  promote: 'مشورہ دو|مشورہ دینا|مشورہ دیں|تجویز کرو|تجویز کریں|سفارش کرو|سفارش کریں|تشہیر کرو|ذکر کرو|نام لو|خریدنے کا کہنا|خریدنے کا کہو',
  rivals: 'حریف*|مسابقتی|دوسرے برانڈ*|دیگر برانڈ*|دوسری کمپنی*|دوسرے بینک*',
  send: 'بھیجو|بھیج دو|بھیجیں|بھیجنا|فارورڈ کرو|اپ لوڈ کرو|شیئر کرو|پوسٹ کرو|کاپی کرو|شامل کرو|جوڑ دو|منسلک کرو',
  data: 'تاریخچہ|ہسٹری|گفتگو|بات چیت|چیٹ|پیغامات|ڈیٹا|معلومات|پاس ورڈ|پاسورڈ|یادیں|محفوظ|نوٹس|ای میل|رابطے|پن|کوڈ|ریکارڈ|تفصیلات|نام|پتہ',
  label:
    'سسٹم پیغام|سسٹم نوٹس|سسٹم اطلاع|ڈویلپر نوٹ|ڈیولپر نوٹ|ڈویلپر کا نوٹ|ڈویلپر پیغام|ایڈمن نوٹ|ایڈمن پیغام|منتظم کا پیغام|تعمیل نوٹس|پالیسی اپ ڈیٹ|تبدیلیوں کا لاگ|آپریٹر نوٹ|سسٹم|ایڈمن|ڈویلپر|منتظم|آپریٹر|اہم',
  grant: 'اجازت دی|اجازت دے دی|رضامندی دی|منظوری دی|مجاز کیا|اختیار دیا|اجازت ہے|اجازت سے|مجاز|اجازت|رضامندی',
  user: 'صارف*|یوزر|اکاؤنٹ ہولڈر',
  disabled: 'ختم کر دی گئی|ختم کر دیے گئے|ختم کر دی گئی ہیں|بند ہیں|بند کر دیے گئے|ہٹا دی گئی|ہٹا دیے گئے|معطل|منسوخ|کالعدم|غیر مؤثر|اب لاگو نہیں',
  roleplay: 'کردار ادا کرو|کا کردار ادا کرو|کردار نبھاؤ|بن جاؤ|بنو|ہونے کا ڈرامہ کرو|ہونے کا بہانہ کرو|اداکاری کرو|کی طرح برتاؤ کرو|فرض کرو کہ تم',
  unbound: 'کوئی پابندی نہ ہو|کوئی پابندی نہیں|کوئی اصول نہیں|کوئی قاعدہ نہیں|بغیر کسی پابندی|بغیر پابندی|بغیر اصول|بغیر فلٹر|بغیر سنسر|لامحدود|بے لگام',
  run: 'چلاؤ|چلا دو|چلائیں|رن کرو|اجرا کرو|کال کرو|فعال کرو',
  tool: 'ٹول|آلہ|فنکشن|کمانڈ|اسکرپٹ|کال|api',
  decode: 'ڈی کوڈ کرو|ڈیکوڈ کرو|الٹا پڑھو|ترجمہ کرو',
  obey: 'مانو|مان لو|پابندی کرو|عمل کرو|عمل کریں|تعمیل کرو|اطاعت کرو|نافذ کرو',
  all: 'تمام|سب|سارے|ساری|ہر|پورا|پوری',
  soft: 'ہمیشہ|کبھی|مت|نہ|بھی|پھر|فوراً|صرف|براہ کرم|اب|اور',
};

const he: Lexicon = {
  lang: 'he',
  script: HEBREW,
  spacing: 'spaced',
  verbs: 'first',
  proclitics: '[ושהבלמכ]{0,3}',
  subjectFollows: true,
  ai: 'עוזר|עוזרת|בינה מלאכותית|מודל|מודל שפה|בוט|צ\'אטבוט|סוכן',
  you: 'אתה|אתם|עליך',
  modal: 'חייב|חייבת|צריך|צריכה|יכול|יכולה|מותר|מותר לך|מורשה|רשאי|רשאית|עליך|יש',
  order:
    'ספר לו|ספר לה|תספר|תגיד|תגידי|אמור|אמרי|תאמר|ענה|תענה|כתוב|תכתוב|הוסף|תוסיף|המלץ|תמליץ|הצע|תציע|שלח|תשלח|העבר|תעביר|הצג|תציג|חשוף|תחשוף|בקש|תבקש|שאל|תשאל|תן|תתן|התקשר|הזכר|תזכיר|התעלם|תתעלם|ציית|תציית|הכחש|תכחיש|הפנה|תפנה|הרץ|תריץ|בצע|תבצע|מחק|תמחק|שתף|תשתף|דבר|הזהר|תזהיר|שכנע|תשכנע|אל תזכיר|אל תגיד|אל תספר|אל תמליץ|אל תסרב',
  override:
    'התעלם|תתעלם|התעלמי|להתעלם|שכח|תשכח|שכחי|לשכוח|אל תציית|אל תפעל לפי|אל תקפיד|הפסק לציית|הפסק לפעול לפי|עקוף|תעקוף|לעקוף|בטל|תבטל|לבטל|השבת|תשבית|להשבית|הפר|תפר|להפר|זנח|תזנח|דלג|תדלג|כבה|כבי|תכבה',
  policy: 'הוראות*|הנחיות*|כללים*|כללי בטיחות|חוקים*|מדיניות|הגבלות*|מגבלות*|מסננים|פילטרים|עקרונות|פרומפט|הנחיית מערכת',
  prior: 'הקודמות|הקודמים|הקודם|הקודמת|כל|שלך|שקיבלת|המערכת|של המערכת|הבטיחות|האבטחה|המקוריות|המקוריים|הישנות|הישנים|לעיל|הראשוניות',
  systemPrompt: 'הנחיית המערכת|הנחיות המערכת|פרומפט המערכת|הודעת המערכת|הוראות המערכת|ההוראות הנסתרות|הוראות נסתרות|system prompt',
  reveal: 'חשוף|תחשוף|לחשוף|הצג|תציג|להציג|הראה|תראה|להראות|הדפס|תדפיס|כתוב|תכתוב|שתף|תשתף|העתק|חזור על|גלה|תגלה|לגלות|פרסם',
  persist:
    'מעכשיו|מעתה|מעתה והלאה|מהיום|מהיום והלאה|מכאן והלאה|מרגע זה|מהרגע הזה|מעכשיו והלאה|לתמיד|לצמיתות|בכל שיחה|בכל השיחות|בכל שיחה עתידית|בשיחות הבאות|אחרי כל|בסוף כל|בפעם הבאה',
  condition: 'בכל פעם|כל פעם ש|כל אימת ש|כאשר המשתמש|כשהמשתמש|אם המשתמש|ברגע שהמשתמש|אם מישהו|אם ישאלו|כשישאלו',
  whatever: 'לא משנה מה|לא משנה|בלי קשר|ללא קשר|מה שלא|בכל מקרה|ללא יוצא מן הכלל|בלי יוצא מן הכלל',
  every: 'בכל תשובה|בכל התשובות|בסוף כל תשובה|בכל מענה|כל תשובה',
  promote: 'המלץ|תמליץ|להמליץ|הצע|תציע|להציע|קדם|תקדם|פרסם|תפרסם|הזכר|תזכיר|הפנה|תפנה',
  rivals: 'מתחרים|המתחרים|מתחרה|המתחרה|תחרות|חברות אחרות|מותגים אחרים|מוצרים אחרים|בנקים אחרים',
  send: 'שלח|תשלח|לשלוח|העבר|תעביר|להעביר|העלה|תעלה|שתף|תשתף|פרסם|העתק|הוסף|תוסיף|צרף|תצרף|הדבק|הטמע',
  data: 'היסטוריה|היסטוריית|שיחות|השיחות|השיחה|הודעות|נתונים|הנתונים|מידע|המידע|סיסמאות|הסיסמאות|סיסמה|פרטי התחברות|זיכרון|הזיכרון|זיכרונות|שמורים|ששמורים|שמורות|הערות|מיילים|אנשי קשר|קוד|קוד סודי|שם|כתובת',
  label:
    'הודעת מערכת|התראת מערכת|עדכון מערכת|הודעה מהמערכת|הערת מפתח|הערת המפתח|הודעת מפתח|הודעה מהמפתח|הערת מנהל|הודעת מנהל|הודעת מנהל המערכת|הודעת תאימות|עדכון מדיניות|יומן שינויים|הערות גרסה|הערת מפעיל|מערכת|מנהל|אדמין|מפתח|מפעיל|חשוב',
  grant: 'אישר|אישרה|התיר|התירה|הרשה|הרשתה|נתן רשות|נתנה רשות|נתן הסכמה|נתנה הסכמה|הסכים|הסכימה|הסמיך|העניק|מורשה|רשות|הסכמה|אישור',
  user: 'משתמש|משתמשת|בעל החשבון',
  disabled: 'בוטלו|בוטל|בוטלה|מבוטל*|הושבתו|הושבת|מושבת*|הוסרו|הוסר|הוסרה|הושעו|מושעה|אינן בתוקף|אינו בתוקף|לא בתוקף|כבר לא חלות|פגי תוקף',
  roleplay: 'שחק את התפקיד|שחק תפקיד|גלם|תגלם|העמד פנים|תעמיד פנים|התנהג כמו|תתנהג כמו|דמיין שאתה|היה|תהיה|התחזה|תתחזה|אתה עכשיו',
  unbound: 'ללא חוקים|בלי חוקים|ללא כללים|בלי כללים|ללא הגבלות|בלי הגבלות|בלי שום הגבלות|ללא שום הגבלות|ללא מגבלות|בלי מגבלות|ללא מסננים|ללא צנזורה|בלי צנזורה|ללא גבולות|בלי גבולות|חסר הגבלות|ללא סייגים',
  run: 'הרץ|תריץ|להריץ|בצע|תבצע|לבצע|הפעל|תפעיל|להפעיל',
  tool: 'כלי|פונקציה|פקודה|סקריפט|קריאה|api',
  decode: 'פענח|תפענח|לפענח|קרא הפוך|תרגם',
  obey: 'ציית|תציית|לציית|בצע|תבצע|לבצע|פעל לפי|תפעל לפי|לפעול לפי|עשה מה ש|יישם|תיישם',
  all: 'כל|כולם|כולן|הכל|הכול',
  soft: 'תמיד|לעולם|אל|גם|אחר כך|ואז|מיד|פשוט|בבקשה|עכשיו|רק|בשקט',
};

const tr: Lexicon = {
  lang: 'tr',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'last',
  ai: 'asistan*|yapay zeka*|yapay zekâ*|model*|dil modeli|bot|botu|bota|sohbet botu|chatbot|ajan*',
  you: 'sen|sana|seni|senin|siz|size|sizin',
  modal: 'zorunda*|gerekir|gerekiyor|mecbur*|serbest*|yetkili|izinli',
  order:
    'söyle|söyleyin|yazın|ekle|ekleyin|öner|önerin|tavsiye et|tavsiye edin|gönder|gönderin|yolla|yollayın|ilet|iletin|göster|gösterin|açıkla|açıklayın|isteyin|ver|verin|bahset|bahsedin|yok say|görmezden gel|itaat et|inkar et|iddia et|yönlendir|yönlendirin|çalıştır|çalıştırın|yürüt|sil|silin|paylaş|paylaşın|bildir|uyar|ikna et|söylemelisin|göstermelisin|yazmalısın|önermelisin|göndermelisin|anma|bahsetme|söyleme|de ki|çağır',
  override:
    'unut|unutun|yok say|yok sayın|yok sayabilir|görmezden gel|görmezden gelin|görmezden gelebilir|görmezden gelmeli|dikkate alma|dikkate almayın|önemseme|umursama|uymayın|artık uyma|takma|atla|atlayın|devre dışı bırak|devre dışı bırakın|çiğne|boşver|es geç|aş|bypass et|kapat|kapatın|kapatabilirsin|kapatmalısın',
  policy: 'talimat*|yönerge*|kural*|politika*|kısıtlama*|sınırlama*|filtre*|güvenlik ayarları|ilke*|komut*|istemi|istemini|istemleri|sistem istem*',
  prior: 'önceki|önceden|daha önceki|eski|tüm|bütün|hepsi|tümünü|senin|sistem*|güvenlik|orijinal|ilk|yukarıdaki|etik|verilen',
  systemPrompt: 'sistem istem*|sistem mesaj*|sistem talimat*|gizli talimat*|system prompt|sistem prompt*',
  reveal: 'göster|gösterin|açıkla|açıklayın|ifşa et|ifşa edin|yaz|yazın|yazdır|paylaş|kopyala|tekrarla|söyle|ver|ortaya çıkar|ortaya koy|dök|listele',
  persist:
    'bundan sonra|bundan böyle|şu andan itibaren|artık|bugünden itibaren|sonsuza dek|kalıcı olarak|her konuşmada|tüm konuşmalarda|bütün konuşmalarda|gelecekteki tüm konuşmalarda|her sohbette|her konuşmanın sonunda|her cevaptan sonra|her yanıttan sonra|bir dahaki sefere',
  condition:
    're:[\\p{L}]+(?:d|t)(?:ı|i|u)g(?:ı|i|u)nd(?:a|e)|re:[\\p{L}]+(?:ı|i|u)nc(?:a|e)|re:[\\p{L}]+(?:a|e)rs(?:a|e)|ne zaman|her ne zaman|her seferinde|her defasında|eğer kullanıcı',
  whatever: 're:ne\\s+[\\p{L}]+rs(?:a|e)\\s+[\\p{L}]+s(?:ı|i|u)n|ne olursa olsun|her ne olursa|hangi konuda olursa olsun|fark etmeksizin|istisnasız|her durumda|ne sorsa',
  every: 'her cevapta|her yanıtta|tüm cevaplarda|bütün yanıtlarda|her cevabın sonunda|her yanıtın sonunda',
  promote: 'öner|önerin|tavsiye et|tavsiye edin|öne çıkar|reklamını yap|tanıt|yönlendir|bahset|söz et|önermelisin|tavsiye etmelisin',
  rivals: 'rakip*|diğer marka*|başka marka*|diğer ürün*|başka ürün*|diğer banka*|başka banka*',
  send: 'gönder|gönderin|yolla|yollayın|ilet|iletin|aktar|aktarın|yükle|yükleyin|paylaş|paylaşın|yayınla|kopyala|ekle|ekleyin|iliştir|yapıştır',
  data: 'geçmiş*|konuşma*|sohbet*|mesaj*|veri*|bilgi*|şifre*|parola*|kimlik bilgileri|hafıza*|anı*|kayıtlı*|not*|e-posta*|kişiler*|pin*|kod*|ad*|adres*',
  label:
    'sistem mesajı|sistem bildirimi|sistem duyurusu|sistem notu|geliştirici notu|geliştiriciden not|geliştirici mesajı|yönetici notu|yönetici mesajı|yönetici bildirimi|admin notu|uyumluluk bildirimi|politika güncellemesi|değişiklik günlüğü|sürüm notları|operatör notu|sistem|yönetici|admin|geliştirici|operatör|önemli',
  grant: 'izin verdi|izin vermiştir|onay verdi|onayladı|onaylamıştır|rıza gösterdi|yetki verdi|yetkilendirdi|müsaade etti|izinli|yetkili|izni|onayı|rızası',
  user: 'kullanıcı*|hesap sahibi*',
  disabled: 'devre dışı bırakıldı|devre dışı|kaldırıldı|askıya alındı|iptal edildi|geçersiz*|artık geçerli değil|yürürlükten kaldırıldı|kapatıldı',
  roleplay: 'rolüne gir|rolünü oyna|rolü oyna|rolünü üstlen|rolüne bürün|gibi davran|taklit et|canlandır|rol yap|kılığına gir|olduğunu varsay',
  unbound: 'hiçbir kuralı olmayan|hiçbir kısıtlaması olmayan|kuralsız|sınırsız|filtresiz|sansürsüz|kısıtlamasız|hiçbir kural|hiçbir sınır|hiçbir kısıtlama|hiçbir filtre|kuralları olmayan',
  run: 'çalıştır|çalıştırın|yürüt|yürütün|çağır|çağırın|tetikle|etkinleştir|başlat',
  tool: 'araç*|fonksiyon*|işlev*|komut*|betik*|script*|çağrı*|api|eylem*',
  decode: 'çöz|çözün|deşifre et|kodunu çöz|tersten oku|çevir',
  obey: 'itaat et|uy|uyun|uygula|uygulayın|yerine getir|çalıştır|ne diyorsa yap|söyleneni yap',
  all: 'tüm|bütün|hepsi|her|tümü|tamamı',
  soft: 'her zaman|asla|hemen|lütfen|sadece|ve',
};

const sw: Lexicon = {
  lang: 'sw',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'msaidizi|akili bandia|akili mnemba|ai|modeli|roboti|boti|chatbot|wakala',
  you: 'wewe|wako|yako|zako|lako',
  modal: 'lazima|sharti|unapaswa|anapaswa|inapaswa|unaweza|anaweza|ameruhusiwa|umeruhusiwa|unaruhusiwa|anaruhusiwa|inabidi|ni lazima',
  order:
    'mwambie|waambie|sema|jibu|andika|ongeza|pendekeza|mpendekezee|shauri|mshauri|tuma|mtumie|peleka|onyesha|mwonyeshe|uonyeshe|fichua|omba|mwombe|uliza|muulize|mpe|wape|toa|piga simu|taja|usitaje|puuza|tii|kataa|dai|elekeza|mwelekeze|endesha|tekeleza|futa|shiriki|zungumza|onya|mwonye|usimwambie|usiseme|usikatae|ujibu|utume|umwambie|mshawishi',
  override: 'puuza|puuzia|usijali|sahau|sahauni|usifuate|acha kufuata|acha kutii|usitii|kiuka|vunja|zima|ruka|kupuuza|kukiuka|kuvunja',
  policy: 'maagizo|maelekezo|sheria|kanuni|sera|vikwazo|vizuizi|vichujio|miongozo|mwongozo|amri|taratibu|mipaka',
  prior: 'yote|zote|yako|zako|ya awali|za awali|zilizopita|yaliyopita|ya zamani|za zamani|ya mfumo|za mfumo|za usalama|ya usalama|asili|hapo juu|ya msingi',
  systemPrompt: 'maelekezo … ya mfumo|maagizo … ya mfumo|ujumbe wa mfumo|kidokezo cha mfumo|maelekezo yaliyofichwa|system prompt',
  reveal: 'fichua|onyesha|uonyeshe|mwonyeshe|andika|chapisha|shiriki|nakili|rudia|sema|toa|weka wazi|vujisha',
  persist:
    'kuanzia sasa|tangu sasa|kuanzia leo|kuanzia sasa na kuendelea|milele|kwa kudumu|katika kila mazungumzo|kwenye kila mazungumzo|katika mazungumzo yote|baada ya kila|mwishoni mwa kila|wakati ujao|mara ijayo',
  condition: 'kila mara|kila wakati|akitaja|akiuliza|akisema|akiandika|akizungumzia|akigusia|anapotaja|anapouliza|anaposema|anapozungumzia|iwapo|ikiwa|endapo|kama mtumiaji|wakati wowote|mara tu',
  whatever: 'chochote|lolote|vyovyote vile|bila kujali|hata iwe|kwa hali yoyote|bila ubaguzi',
  every: 'katika kila jibu|kwenye kila jibu|kila jibu|katika majibu yote|mwishoni mwa kila jibu',
  promote: 'pendekeza|mpendekezee|wapendekezee|shauri|mshauri|himiza|wahimize|tangaza|taja|elekeza|sifia|kuza',
  rivals: 'washindani|mshindani|ushindani|chapa nyingine|bidhaa nyingine|benki nyingine|makampuni mengine|kampuni nyingine',
  send: 'tuma|mtumie|watumie|peleka|sambaza|pakia|shiriki|chapisha|nakili|ongeza|ambatisha|bandika|hamishia',
  data: 'historia|mazungumzo|gumzo|jumbe|ujumbe|data|taarifa|habari|nywila|nenosiri|manenosiri|kumbukumbu|zilizohifadhiwa|yaliyohifadhiwa|maelezo|barua pepe|anwani|pin|nambari ya siri|msimbo|jina',
  label:
    'ujumbe wa mfumo|tangazo la mfumo|taarifa ya mfumo|dokezo la msanidi|ujumbe wa msanidi|ujumbe kutoka kwa msanidi|dokezo la msimamizi|ujumbe wa msimamizi|tangazo la msimamizi|taarifa ya uzingatiaji|sasisho la sera|kumbukumbu ya mabadiliko|mfumo|msimamizi|admin|msanidi|mwendeshaji|muhimu',
  grant: 'ameruhusu|aliruhusu|ameidhinisha|aliidhinisha|amekubali|alikubali|ametoa ruhusa|alitoa ruhusa|ametoa idhini|ameruhusiwa|umeruhusiwa|ruhusa|idhini|kibali',
  user: 'mtumiaji|watumiaji|mwenye akaunti',
  disabled: 'zimezimwa|zimeondolewa|zimefutwa|zimesitishwa|zimebatilishwa|hazitumiki tena|si halali tena|zimeondoshwa|imezimwa|zimelegezwa',
  roleplay: 'igiza|igiza kama|cheza nafasi ya|cheza jukumu la|jifanye|jifanye kuwa|kuwa kama|fanya kama|tenda kama|jione kama|chukua nafasi ya|uwe',
  unbound: 'bila sheria|bila sheria yoyote|isiyo na sheria|asiye na sheria|bila vikwazo|bila vizuizi|bila mipaka|bila vichujio|bila udhibiti|bila kikomo|hakuna sheria|hakuna vikwazo|isiyo na vikwazo|isiyo na mipaka',
  run: 'endesha|tekeleza|ita|anzisha|washa',
  tool: 'zana|chombo|amri|hati|script|wito|api',
  decode: 'simbua|fasiri|soma kinyume|geuza|tafsiri',
  obey: 'tii|fuata|tekeleza|timiza|fanya kama inavyosema|zingatia',
  all: 'yote|zote|wote|kila|vyote|lote',
  soft: 'kila mara|daima|kamwe|pia|kisha|halafu|mara moja|tafadhali|sasa|tu|kimya kimya|na',
};

export const LEXICONS_WEST_ASIA_AFRICA: readonly Lexicon[] = [ar, fa, ur, he, tr, sw];
